import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SKILLS_BUDGET,
  TEMPLATE_BUDGET,
  TEMPLATE_BUDGET_TOTAL,
  TEMPLATE_GOAL,
  TEMPLATE_PERCENT,
  TEMPLATE_RAISED,
  budgetTotal,
} from '../../views/components/articles/template-data';

test('template project: goal 106,000, raised 25,000, shown as 24 %', () => {
  assert.equal(TEMPLATE_GOAL, 106_000);
  assert.equal(TEMPLATE_RAISED, 25_000);
  assert.equal(TEMPLATE_PERCENT, Math.round((25_000 / 106_000) * 100));
  assert.equal(TEMPLATE_PERCENT, 24);
});

test('template budget: the ten lines plus the 40 of bank charges add up to 106,000', () => {
  assert.deepEqual(
    TEMPLATE_BUDGET.map((l) => l.amount),
    [1_200, 1_300, 4_000, 1_040, 10_000, 850, 5_800, 24_000, 30_000, 27_770, 40],
  );
  assert.equal(TEMPLATE_BUDGET_TOTAL, budgetTotal(TEMPLATE_BUDGET));
  assert.equal(TEMPLATE_BUDGET_TOTAL, 106_000);
  assert.equal(TEMPLATE_BUDGET_TOTAL, TEMPLATE_GOAL);
});

test('Skills for Life budget: 35,000 + 28,000 + 25,000 + 12,000 + 6,660 = 106,660', () => {
  assert.equal(budgetTotal(SKILLS_BUDGET), 106_660);
});

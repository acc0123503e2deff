import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  decimalToCents, formatDate, formatDayMonth, formatMoney, groupTeam, initials, isCompleted, listableNews, matchesFilter,
  percentFunded, slugify, truncate, type TeamMember,
} from '../../models/shared/rules';

test('percent funded is raised / goal * 100, and 0 when the goal is not positive', () => {
  assert.equal(percentFunded('50.00', '200.00'), 25);
  assert.equal(Math.round(percentFunded(25000, 106000)), 24);
  assert.equal(percentFunded('10', '0'), 0);
  assert.equal(percentFunded('10', '-5'), 0);
  assert.equal(percentFunded('abc', '100'), 0);
});

test('truncate cuts at 150 characters and adds an ellipsis only when longer', () => {
  const long = 'x'.repeat(151);
  assert.equal(truncate(long), 'x'.repeat(150) + '...');
  assert.equal(truncate('x'.repeat(150)), 'x'.repeat(150));
  assert.equal(truncate(null), '');
  assert.equal(truncate('abcdef', 3), 'abc...');
});

test('filters and the completed rule', () => {
  assert.ok(matchesFilter({ status: 'funding' }, 'all'));
  assert.ok(matchesFilter({ status: 'progress' }, 'progress'));
  assert.ok(!matchesFilter({ status: 'progress' }, 'funding'));
  assert.ok(isCompleted({ status: 'completed' }));
  assert.ok(isCompleted({ status: 'something-else' }));
  assert.ok(!isCompleted({ status: 'funding' }));
});

test('listable news: both abstracts, newest first', () => {
  const list = listableNews([
    { id: 1, abstract: 'a', abstractDe: 'b', publishedAt: '2025-01-01T00:00:00Z' },
    { id: 2, abstract: 'a', abstractDe: null, publishedAt: '2026-01-01T00:00:00Z' },
    { id: 3, abstract: 'a', abstractDe: 'b', publishedAt: '2026-02-01T00:00:00Z' },
    { id: 4, abstract: '  ', abstractDe: 'b', publishedAt: '2026-03-01T00:00:00Z' },
  ]);
  assert.deepEqual(list.map((a) => a.id), [3, 1]);
});

test('team groups follow the location rules and display order', () => {
  const m = (id: number, location: string, order = 0) => ({ id, location, order, name: `N ${id}` }) as TeamMember;
  const g = groupTeam([m(1, 'switzerland'), m(2, 'zimbabwe', 2), m(3, 'Masvingo, Zimbabwe', 1), m(4, 'Board of Trustees'), m(5, 'elsewhere')]);
  assert.deepEqual(g.local.map((x) => x.id), [3, 2]);
  assert.deepEqual(g.trustees.map((x) => x.id), [4]);
  assert.deepEqual(g.swiss.map((x) => x.id), [1]);
});

test('initials of a name', () => {
  assert.equal(initials('Ruth Chikwanha-Berger'), 'RC');
  assert.equal(initials('simba'), 'S');
  assert.equal(initials('Anna Maria Huber'), 'AM');
});

test('decimal dollars to integer cents, and nothing else', () => {
  assert.equal(decimalToCents('150'), 15000);
  assert.equal(decimalToCents('1.5'), 150);
  assert.equal(decimalToCents('0.07'), 7);
  assert.equal(decimalToCents(19.99), 1999);
  assert.equal(decimalToCents('1.234'), null);
  assert.equal(decimalToCents('-5'), null);
  assert.equal(decimalToCents('1e3'), null);
});

test('dates and amounts follow the language', () => {
  assert.equal(formatDate('2026-09-14T08:00:00.000Z', 'en'), 'September 14, 2026');
  assert.equal(formatDate('2026-09-14T08:00:00.000Z', 'de'), '14. September 2026');
  assert.equal(formatMoney(3500, 'en'), '$3,500');
  assert.equal(formatMoney(3500, 'de'), '$3’500');
  assert.equal(formatMoney(1234567.5, 'de'), '$1’234’567.50');
  assert.equal(formatMoney('1234.50', 'en'), '$1,234.50');
  assert.equal(formatDate('not a date', 'en'), '');
  // Short days for the dashboard's axes and rows.
  assert.equal(formatDayMonth('2026-11-03', 'en'), 'Nov 3');
  assert.equal(formatDayMonth('2026-11-03', 'de'), '3.11.');
  assert.equal(formatDayMonth('2026-09-14', 'en', true), 'Sep 14, 2026');
  assert.equal(formatDayMonth('2026-09-14', 'de', true), '14.9.2026');
  assert.equal(formatDayMonth('soon', 'en'), 'soon');
});

test("the long date is Intl.DateTimeFormat's own, every day of a year, in both languages", () => {
  for (const lang of ['en', 'de'] as const) {
    const intl = new Intl.DateTimeFormat(lang === 'de' ? 'de-CH' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' });
    for (let day = 0; day < 366; day++) {
      const iso = new Date(Date.UTC(2028, 0, 1 + day, 23, 30)).toISOString();
      assert.equal(formatDate(iso, lang), intl.format(new Date(iso)), iso);
    }
  }
});

test('slugs are made from the title', () => {
  assert.equal(slugify('Solar Power for the Nook!'), 'solar-power-for-the-nook');
  assert.equal(slugify('Grösse & Zürich'), 'grosse-zurich');
  assert.equal(slugify('***'), 'item');
});

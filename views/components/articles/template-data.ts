// The fixed figures of the template project page (goal 106,000, raised 25,000, 50 beneficiaries,
// and the budget lines). The total is computed from the lines, never typed in.

export const TEMPLATE_GOAL = 106_000;
export const TEMPLATE_RAISED = 25_000;
export const TEMPLATE_BENEFICIARIES = 50;
export const TEMPLATE_STARTUP_PER_GRADUATE = 500;

export interface BudgetLine {
  /** Locale key under template.budget.lines */
  key: string;
  amount: number;
  /** Quantity shown with the line, where the budget names one (2 sewing machines, 50 sets...). */
  quantity?: number;
}

export const TEMPLATE_BUDGET: readonly BudgetLine[] = [
  { key: 'weldingMachine', amount: 1_200 },
  { key: 'sewingMachines', amount: 1_300, quantity: 2 },
  { key: 'oven', amount: 4_000 },
  { key: 'weldingRods', amount: 1_040 },
  { key: 'protectiveEquipment', amount: 10_000, quantity: 50 },
  { key: 'toolBoxes', amount: 850, quantity: 5 },
  { key: 'wood', amount: 5_800 },
  { key: 'trainerSalaries', amount: 24_000, quantity: 4 },
  { key: 'startupCapital', amount: 30_000 },
  { key: 'operations', amount: 27_770 },
  // The ten budget lines add up to 105,960, the stated total is 106,000: the 40 are the
  // bank charges of sending the money to Zimbabwe, shown as their own line so the table adds up.
  { key: 'bankCharges', amount: 40 },
];

export const budgetTotal = (lines: readonly { amount: number }[]) => lines.reduce((sum, l) => sum + l.amount, 0);

export const TEMPLATE_BUDGET_TOTAL = budgetTotal(TEMPLATE_BUDGET);

/** Percent funded as the page shows it: Math.round(25000 / 106000 * 100) = 24. */
export const TEMPLATE_PERCENT = Math.round((TEMPLATE_RAISED / TEMPLATE_GOAL) * 100);

/** Skills for Life programme budget: 106,660 USD in five lines. */
export const SKILLS_BUDGET: readonly BudgetLine[] = [
  { key: 'materials', amount: 35_000 },
  { key: 'accommodation', amount: 28_000 },
  { key: 'staff', amount: 25_000 },
  { key: 'psychosocial', amount: 12_000 },
  { key: 'administration', amount: 6_660 },
];

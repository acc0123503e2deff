// The content figures (villages, learners, the learning centre's investment...), in one place for
// every page that shows them.

export const VILLAGES = 17;

/** The learning centre (Tariro Nook) and its first training cycle. */
export const NOOK_FACTS = {
  opened: 2022,
  investment2024: 276_428,
  activeLearners: 36,
  teams: 14,
  projectsCompleted: 12,
  hostelResidents: 50,
  /** Shares of the first cycle: business interest and self-learning focus. */
  businessInterest: 1,
  selfLearningFocus: 1,
  cohortSize: 120,
  cohortMonths: 6,
  minAge: 16,
  maxAge: 25,
  assessmentDays: 5,
  entrepreneurshipDays: 4,
} as const;

/** The Skills for Life programme budget in USD; the lines add up to SKILLS_BUDGET_TOTAL. */
export const SKILLS_BUDGET = [
  { key: 'materials', amount: 35_000 },
  { key: 'accommodation', amount: 28_000 },
  { key: 'staff', amount: 25_000 },
  { key: 'psychosocial', amount: 12_000 },
  { key: 'administration', amount: 6_660 },
] as const;

export const SKILLS_BUDGET_TOTAL = 106_660;

export const FOOD_FACTS = {
  villages: VILLAGES,
  gardensPerYear: 4,
  organicShare: 1,
} as const;

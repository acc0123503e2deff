// Amounts as people type them in the admin (models/shared/amounts.ts): the site's own ways of
// writing them in both languages, the one ambiguous case decided by the language, and everything
// else refused with a code the admin says in its own words.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_AMOUNT_CENTS, parseAmount } from '../../models/shared/amounts';
import type { Lang } from '../../models/shared/rules';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

function accepts(lang: Lang, cases: [input: string | number, cents: number][]) {
  for (const [input, cents] of cases) assert.deepEqual(parseAmount(input, lang), { cents }, `${lang}: ${JSON.stringify(input)}`);
}

function refuses(lang: Lang, problem: string, inputs: unknown[]) {
  for (const input of inputs) assert.deepEqual(parseAmount(input, lang), { problem }, `${lang}: ${JSON.stringify(input)}`);
}

describe('the formats the site writes, in both languages', () => {
  for (const lang of ['en', 'de'] as const) {
    test(lang, () => {
      accepts(lang, [
        ['1250.50', 125_050],
        ['1250.5', 125_050],
        ['1250', 125_000],
        ['0.07', 7],
        ['0', 0],
        ['1,250.50', 125_050],
        ["1'250.50", 125_050],
        ['1’250.50', 125_050],
        ['1 250.50', 125_050],
        [`1${NBSP}250.50`, 125_050],
        [`1${NNBSP}250.50`, 125_050],
        ['1,250,000.75', 125_000_075],
        ['1’250’000', 125_000_000],
        ['$1,250.50', 125_050],
        ['  1250.50  ', 125_050],
      ]);
    });
  }
});

describe('German: the comma is a decimal mark too', () => {
  test('1250,50 and 1.250,50', () => {
    accepts('de', [
      ['1250,50', 125_050],
      ['1250,5', 125_050],
      ['0,07', 7],
      ['1.250,50', 125_050],
      ['1.250.000,50', 125_000_050],
      ['1’250,50', 125_050],
      [`1${NNBSP}250,50`, 125_050],
      // A point or comma that appears more than once groups thousands.
      ['1.250.000', 125_000_000],
      ['1,250,000', 125_000_000],
    ]);
  });
  test('English does not take the comma as a decimal mark', () => {
    refuses('en', 'amount', ['1250,50', '1,25', '1,2345', '1.250,50', '1.250.000']);
    refuses('de', 'amount_decimals', ['1,2345']);
  });
});

describe('the ambiguous "1,250"', () => {
  test('English: a comma followed by exactly three digits groups thousands', () => {
    accepts('en', [['1,250', 125_000]]);
  });
  test('German: a single comma is the decimal mark, so "1,250" has three decimals and is refused', () => {
    refuses('de', 'amount_decimals', ['1,250', '1.250']);
    accepts('de', [['1,25', 125]]);
  });
  test('a point followed by three digits is three decimals in both languages', () => {
    refuses('en', 'amount_decimals', ['1.250']);
  });
});

describe('refusals', () => {
  for (const lang of ['en', 'de'] as const) {
    test(`${lang}: more than two decimals`, () => {
      refuses(lang, 'amount_decimals', ['1.234', '1250.505', '0.001', 19.999, 1e-7]);
    });
    test(`${lang}: negative amounts`, () => {
      refuses(lang, 'amount_negative', ['-5', '-1,250.50', '−5', '-$5', '$-5', -5, -0.5]);
    });
    test(`${lang}: what is not an amount`, () => {
      refuses(lang, 'amount', [
        '',
        '   ',
        'abc',
        '1e3',
        '12abc',
        '.50',
        '1250.',
        '+5',
        '1,,250',
        '12,34,567',
        "1'250,000.50", // two kinds of grouping
        '1 250 .50',
        'CHF 50',
        '50 USD',
        '-abc',
        '1.250.50',
        NaN,
        Infinity,
        null,
        undefined,
        true,
        {},
        ['5'],
      ]);
    });
    test(`${lang}: too large`, () => {
      refuses(lang, 'amount_too_large', ['1000000000000000', '1,000,000,000,000.00', 1e21, (MAX_AMOUNT_CENTS + 1) / 100]);
      assert.deepEqual(parseAmount(MAX_AMOUNT_CENTS / 100, lang), { cents: MAX_AMOUNT_CENTS });
      assert.deepEqual(parseAmount('999’999’999’999.99', lang), { cents: MAX_AMOUNT_CENTS });
    });
  }
});

test('JSON numbers work in both languages, as they are', () => {
  for (const lang of ['en', 'de'] as const) {
    accepts(lang, [
      [1250.5, 125_050],
      [1250, 125_000],
      [19.99, 1999],
      [0.07, 7],
      [0, 0],
    ]);
  }
});

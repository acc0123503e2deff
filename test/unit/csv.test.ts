// The admin's CSV format (models/shared/csv.ts): the byte-order mark, the separator of the
// language, RFC 4180 quoting, the formula guard, plain amounts and Swiss time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TFunction } from 'i18next';
import { CSV_BOM, csvAmount, csvCell, csvDateTime, csvLabel, toCsv } from '../../models/shared/csv';

test('csvCell: RFC 4180 quoting (for both separators) and spreadsheet formulas', () => {
  assert.equal(csvCell('plain'), 'plain');
  assert.equal(csvCell(null), '');
  assert.equal(csvCell(undefined), '');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('a;b'), '"a;b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('two\nlines'), '"two\nlines"');
  assert.equal(csvCell('Zürich'), 'Zürich');
  assert.equal(csvCell('=1+1'), "'=1+1");
  assert.equal(csvCell('+41 79'), "'+41 79");
  assert.equal(csvCell('-x'), "'-x");
  assert.equal(csvCell('-12.50'), "'-12.50", 'text from outside is guarded even when it looks like a number');
  assert.equal(csvCell('@SUM(A1)'), "'@SUM(A1)");
  assert.equal(csvCell('\tTAB'), "'\tTAB");
  assert.equal(csvCell('\rCR'), `"'\rCR"`);
  assert.equal(csvCell('=HYPERLINK("x","y")'), `"'=HYPERLINK(""x"",""y"")"`);
});

test('amounts: plain numbers with two decimals, no grouping, the site’s decimal mark', () => {
  assert.deepEqual(csvAmount(125_050, 'en'), { number: '1250.50' });
  assert.deepEqual(csvAmount(125_050, 'de'), { number: '1250.50' }, 'Swiss German and Swiss Excel: the point');
  assert.deepEqual(csvAmount(0, 'en'), { number: '0.00' });
  assert.deepEqual(csvAmount(-4_400, 'de'), { number: '-44.00' });
  assert.equal(csvAmount(null, 'en'), null);
});

test('dates and times in Swiss time, winter and summer', () => {
  assert.equal(csvDateTime('2026-11-27T13:05:00.000Z', 'de'), '27.11.2026 14:05');
  assert.equal(csvDateTime('2026-11-27T13:05:00.000Z', 'en'), '2026-11-27 14:05');
  assert.equal(csvDateTime('2026-07-01T22:30:00.000Z', 'de'), '02.07.2026 00:30');
  assert.equal(csvDateTime('2026-07-01T22:30:00.000Z', 'en'), '2026-07-02 00:30');
  assert.equal(csvDateTime('2026-12-31T23:00:00.000Z', 'de'), '01.01.2027 00:00', 'midnight is 00, not 24');
  assert.equal(csvDateTime(null, 'de'), '');
  assert.equal(csvDateTime('not a date', 'en'), '');
});

test('the file: byte-order mark, the separator of the language, CRLF; numbers are not guarded, text is', () => {
  const rows = [[csvAmount(-1250, 'en'), '-1+1', 'a,b;c', null]];
  assert.equal(toCsv(['Amount', 'Note', 'Text', 'Empty'], rows, 'en'), `${CSV_BOM}Amount,Note,Text,Empty\r\n-12.50,'-1+1,"a,b;c",\r\n`);
  assert.equal(toCsv(['Betrag', 'Notiz', 'Text', 'Leer'], rows, 'de'), `${CSV_BOM}Betrag;Notiz;Text;Leer\r\n-12.50;'-1+1;"a,b;c";\r\n`);
  assert.equal(CSV_BOM, '\uFEFF');
});

test('csvLabel: a stored code in words when the locale has it, else as stored (never a key from outside)', () => {
  const texts: Record<string, string> = { 'admin.donations.disputeStatuses.lost': 'verloren' };
  const t = ((key: string, options?: { defaultValue?: string }) => texts[key] ?? options?.defaultValue ?? key) as unknown as TFunction;
  assert.equal(csvLabel(t, 'admin.donations.disputeStatuses', 'lost'), 'verloren');
  assert.equal(csvLabel(t, 'admin.donations.disputeStatuses', 'charge_refunded'), 'charge_refunded');
  assert.equal(csvLabel(t, 'admin.donations.disputeStatuses', '=cmd|x'), '=cmd|x');
  assert.equal(csvLabel(t, 'admin.donations.disputeStatuses', null), '');
});

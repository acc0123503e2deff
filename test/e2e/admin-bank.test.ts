// The Donations tab's Bank statement panel in Chromium, in German: a treasurer imports the bank's
// camt.054 file, sees what was credited and what waits, assigns the unmatched credit to a project;
// no English on the German page, axe finds nothing serious.
// SHOT_PREFIX=name writes screenshots to /tmp/name-bank-de.png and /tmp/name-bank-panel-de.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeSerious, serverAndBrowser, signInAdmin, watchedPage } from '../helpers';
import { projectReference } from '../../models/giving/bank-reference';
import { scorReference } from '../../models/shared/qr-bill-rules';

const e2e = serverAndBrowser();
const SHOTS = process.env.SHOT_PREFIX;

function camt054(credits: { amount: string; ref: string; id: string; debtor: string }[]): string {
  const entries = credits
    .map(
      (c) =>
        `<Ntry><Amt Ccy="CHF">${c.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-20</Dt></BookgDt><NtryDtls><TxDtls><Refs><AcctSvcrRef>${c.id}</AcctSvcrRef></Refs><Amt Ccy="CHF">${c.amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><RltdPties><Dbtr><Pty><Nm>${c.debtor}</Nm></Pty></Dbtr></RltdPties><RmtInf><Strd><CdtrRefInf><Ref>${c.ref}</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('');
  return `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>M</MsgId></GrpHdr><Ntfctn><Id>N</Id><Acct><Id><IBAN>CH5200000000012345678</IBAN></Id></Acct>${entries}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}

test('import a camt.054 file and assign the unmatched credit, in German', async () => {
  const db = e2e.srv.handle.deps.db;
  const project = (await db('projects').orderBy('id').first('id', 'title', 'titleDe')) as { id: number; title: string; titleDe: string | null };
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { lang: '/de', tab: 'donations' });
  const panel = page.locator('section.don-section', { has: page.getByRole('heading', { name: 'Kontoauszug der Bank' }) });
  const xml = camt054([
    { amount: '50.00', ref: projectReference(project.id), id: 'E2E-1', debtor: 'Hans Muster' },
    { amount: '20.00', ref: scorReference('X99'), id: 'E2E-2', debtor: 'Unbekannt AG' },
  ]);
  await panel.getByLabel('Auszugsdatei (camt.054 oder camt.053)').setInputFiles({ name: 'camt054.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await panel.getByRole('button', { name: 'Einlesen' }).click();
  // The panel's own result (the toast with the same words is outside it).
  await panel.getByRole('status').filter({ hasText: '1 verbucht, 1 nicht zugeordnet, 0 schon früher eingelesen' }).waitFor();
  assert.equal(await panel.getByRole('cell', { name: /Verbucht/ }).count(), 1);
  const item = panel.locator('ul.don-bank-unmatched > li');
  await item.first().waitFor();
  assert.match(await item.first().innerText(), /Unbekannt AG/);
  assert.deepEqual(await axeSerious(page), []);
  // No English words of the panel on the German page.
  const text = await panel.innerText();
  for (const english of ['Bank statement', 'Import', 'Unmatched', 'Credited', 'Assign', 'General Support']) assert.ok(!text.includes(english), `"${english}" on the German page`);
  if (SHOTS) {
    await page.screenshot({ path: `/tmp/${SHOTS}-bank-de.png`, fullPage: true });
    await panel.screenshot({ path: `/tmp/${SHOTS}-bank-panel-de.png` });
  }

  await item.first().getByLabel('Projekt').selectOption(String(project.id));
  await item.first().getByRole('button', { name: 'Zuordnen und verbuchen' }).click();
  await panel.getByText('Alle eingelesenen Gutschriften sind zugeordnet.').waitFor();
  // The panel says so only once the assignment's answer is in: both credits are credited by then.
  assert.equal(Number(((await db('bank_credits').where({ status: 'credited' }).count({ n: '*' }).first()) as { n: unknown }).n), 2, 'both credits credited');
  assert.deepEqual(problems, []);
  await page.context().close();
});

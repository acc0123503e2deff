// The probe's story in Chromium: an admin opens a project's form, a donation is confirmed by Stripe
// while it is open, the admin saves a changed description. The total keeps the donation (the form
// sends the amount it showed as raisedAmountBase), and a real change of the raised amount made in
// the form is applied as the difference.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, watchedPage, type RunningServer, signInAdmin } from '../helpers';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe';
import { checkLedger } from '../../models/content/ledger';

describe('admin project form and the ledger in Chromium', () => {
  let srv: RunningServer;
  let browser: Browser;
  let fake: FakeStripe;

  before(async () => {
    fake = await startFakeStripe();
    srv = await startServer(fake.env());
    fake.webhook = { url: `${srv.url}/api/stripe/webhook`, secret: 'whsec_test' };
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await srv?.close();
    await fake?.close();
  });

  test('a donation confirmed while the form is open stays in the total after saving', async () => {
    const db = srv.handle.deps.db;
    const project = (await db('projects').where({ status: 'funding' }).orderBy('id').first()) as { id: number; title: string; raisedCents: number | string };
    const before = Number(project.raisedCents);
    const { page, problems, messages } = await watchedPage(browser);
    /** The answer to the form's save (registered before the click that sends it). */
    const saveAnswer = () => page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/admin/projects/${project.id}`);

    await signInAdmin(page, srv.url);

    await page.getByRole('button', { name: `Edit: ${project.title}` }).click();
    await page.getByRole('heading', { name: 'Edit Project' }).waitFor();
    const shown = await page.getByLabel('Raised amount (USD)').inputValue();
    assert.equal(shown, (before / 100).toFixed(2));

    // Stripe confirms a $40 donation while the form is open.
    const intent = fake.addIntent({ amount: 4000, status: 'succeeded', metadata: { projectId: String(project.id), language: 'en' } });
    assert.equal(await fake.deliver('payment_intent.succeeded', intent), 200);

    await page.getByLabel('Description (English)').fill('Edited while a donation arrived.');
    let saved = saveAnswer();
    await page.getByRole('button', { name: 'Save changes' }).click();
    assert.equal((await saved).status(), 200);
    await messages.waitFor('Project updated successfully!', { kind: 'toast' });
    let row = await db('projects').where({ id: project.id }).first();
    assert.equal(Number(row.raisedCents), before + 4000, 'the donation is still counted');
    assert.equal(row.description, 'Edited while a donation arrived.');

    // A correction typed in the form, which stays open on what was saved: it shows before + 40
    // now (the save's answer, with the toast); the admin takes off $15.
    assert.equal(await page.getByLabel('Raised amount (USD)').inputValue(), ((before + 4000) / 100).toFixed(2));
    await page.getByLabel('Raised amount (USD)').fill(((before + 4000 - 1500) / 100).toFixed(2));
    saved = saveAnswer();
    await page.getByRole('button', { name: 'Save changes' }).click();
    assert.equal((await saved).status(), 200);
    // The second save's own toast (each toast shown answers one wait).
    await messages.waitFor('Project updated successfully!', { kind: 'toast' });
    row = await db('projects').where({ id: project.id }).first();
    assert.equal(Number(row.raisedCents), before + 2500);
    const adjustment = await db('project_ledger').where({ projectId: project.id, kind: 'adjustment' }).first();
    assert.equal(Number(adjustment.amountCents), -1500);
    await page.getByText(/adjusted the raised amount of .* by -\$15\.00/).first().waitFor();

    assert.deepEqual(await checkLedger(db), []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});

// The admin's Fundraisers tab in Chromium: the fundraisers supporters started are listed (pending
// first); Approve makes one public and mails its owner; Reject… asks for the reason (an empty one
// is said next to the field, Escape and Cancel close the question and give the focus back) and
// mails it; Edit… changes the title and goal (a bad goal is said next to its field). In German the
// tab speaks German. axe finds nothing serious.
// SHOT_PREFIX=name writes screenshots to /tmp/name-fundraisers.png and /tmp/name-fundraisers-de.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, currentScreenLink, screenLink, serverAndBrowser, signInAdmin, watchedPage } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { swissToday } from '../../models/shared/dates';

const e2e = serverAndBrowser();
const SHOTS = process.env.SHOT_PREFIX;

function dayAhead(days: number): string {
  const d = new Date(`${swissToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let seq = 0;
/** A pending fundraiser through the public API (the hourly limit per client lifted for the test). */
async function start(title: string): Promise<{ id: number; slug: string; email: string }> {
  const db = e2e.srv.handle.deps.db;
  await db('rate_limits').delete();
  const projects = (await (await fetch(`${e2e.srv.url}/api/projects`)).json()) as { id: number }[];
  const email = `fr-owner-${++seq}@example.org`;
  const res = await fetch(`${e2e.srv.url}/api/fundraisers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ projectId: projects[0]!.id, title, story: 'Twenty kilometres along the lake, for the village garden and its well.', goal: 500, goalKind: 'amount', currency: 'chf', endDate: dayAhead(90), name: `Owner ${seq}`, email, language: 'en' }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  const body = (await res.json()) as { id: number; slug: string };
  return { ...body, email };
}

const item = (page: Page, title: string) => page.locator('li.admin-item', { has: page.getByRole('heading', { level: 3, name: title }) });
/** Waits until the focus is on the element with this id (it moves there once React has rendered). */
const focusOn = (page: Page, id: string) => page.waitForFunction((id) => document.activeElement?.id === id, id);
/** Waits until the focus is in the field of this name. */
const focusIn = (page: Page, name: string) => page.waitForFunction((name) => document.activeElement?.getAttribute('name') === name, name);
/** How many fundraisers wait for approval now (other tests of the file may have started some). */
const pendingCount = async () => Number(((await e2e.srv.handle.deps.db('fundraisers').where({ status: 'pending' }).count({ n: '*' }).first()) as { n: unknown }).n);
const status = async (id: number) => ((await e2e.srv.handle.deps.db('fundraisers').where({ id }).first('status', 'title', 'goal', 'rejectReason')) as { status: string; title: string; goal: number | string; rejectReason: string | null });

/** The owner's newest mail is its words (`key` in locales/) and says `expected`. */
function assertMailSays(text: string, key: string, expected: string): void {
  assert.ok(e2e.srv.handle.deps.i18n.en.exists(key), `${key} has words`);
  assert.ok(text.includes(expected), `the mail says ${JSON.stringify(expected)}: ${text}`);
}

test('approve, reject with a reason, edit: the Fundraisers tab', async () => {
  const walk = await start('Lake walk for the well');
  const sale = await start('Bake sale at school');
  const ride = await start('Bike ride to Bern');
  const pending = await pendingCount();
  const { page, problems, messages } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { tab: 'donations' });
  // The tab follows Donations: the arrow key moves there, Enter opens it (once a possible question is answered).
  await screenLink(page, 'Donations').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await currentScreenLink(page, 'Fundraisers').waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'tab-fundraisers');
  const panel = page.locator('#panel-fundraisers');
  await panel.getByRole('heading', { level: 2, name: 'Fundraisers' }).waitFor();
  await panel.getByText(`${pending} fundraisers wait for approval.`).waitFor();
  // Pending first, oldest first; then the public ones (the demo content's). The titles of this
  // test and the demo's public one, in the order listed (another test's may be among them).
  const mine = ['Lake walk for the well', 'Bake sale at school', 'Bike ride to Bern', 'Miriam’s 40th birthday for Skills for Life'];
  assert.deepEqual((await panel.locator('li.admin-item h3').allInnerTexts()).filter((title) => mine.includes(title)), mine);
  const first = item(page, 'Lake walk for the well');
  assert.match(await first.innerText(), /Pending/);
  assert.ok((await first.innerText()).includes(walk.email), `the owner's address ${walk.email}`);
  assert.match(await first.innerText(), /Goal: CHF\u00a0500/);
  assert.deepEqual(await axeSerious(page), []);

  // Approve: public, the owner mailed, the focus on its title (its button is gone), a link to its page.
  await first.getByRole('button', { name: 'Approve: Lake walk for the well' }).click();
  await messages.waitFor('“Lake walk for the well” is public now', { kind: 'toast' });
  await first.getByText('Public', { exact: true }).waitFor();
  assert.equal((await fetch(`${e2e.srv.url}/api/fundraisers/${walk.slug}`)).status, 200);
  // The mail is written before the approval's answer (the confirmation of the start was the first).
  assert.equal((await outboxFor(e2e.srv.handle.deps.db, walk.email)).length, 2, 'the approval mail');
  await focusOn(page, `fr-${walk.id}-title`);
  assert.match((await first.getByRole('link', { name: 'Lake walk for the well' }).getAttribute('href')) ?? '', new RegExp(`/fundraisers/${walk.slug}$`));
  await panel.getByText(`${pending - 1} fundraisers wait for approval.`).waitFor();

  // Reject…: the question opens with the focus in the reason; without one it says so next to the field.
  const bake = item(page, 'Bake sale at school');
  await bake.getByRole('button', { name: 'Reject: Bake sale at school' }).click();
  const reason = bake.getByRole('textbox', { name: /Reason/ });
  await reason.waitFor();
  await focusIn(page, 'reason');
  await bake.getByRole('button', { name: 'Reject and tell the owner' }).click();
  await bake.getByText('Write the reason (at least 3 characters').waitFor();
  assert.equal(await reason.getAttribute('aria-invalid'), 'true');
  assert.match((await reason.getAttribute('aria-describedby')) ?? '', /-error/);
  assert.equal((await status(sale.id)).status, 'pending', 'nothing was sent');
  assert.deepEqual(await axeSerious(page), []);
  // Escape closes the question; the focus goes back to Reject….
  await page.keyboard.press('Escape');
  await reason.waitFor({ state: 'detached' });
  await focusOn(page, `fr-${sale.id}-reject`);
  await page.keyboard.press('Enter');
  await reason.waitFor();
  const why = 'Please tell us which school the sale is at.';
  await reason.fill(why);
  await bake.getByRole('button', { name: 'Reject and tell the owner' }).click();
  await messages.waitFor('“Bake sale at school” was rejected', { kind: 'toast' });
  await bake.getByText(`Reason told to the owner: ${why}`).waitFor();
  await bake.getByText('Rejected', { exact: true }).waitFor();
  assert.deepEqual([(await status(sale.id)).status, (await status(sale.id)).rejectReason], ['rejected', why]);
  const mails = await outboxFor(e2e.srv.handle.deps.db, sale.email);
  assert.equal(mails.length, 2, 'the rejection mail');
  assertMailSays(mails[0]!.textBody, 'fundraiserMail.rejected.text', why);
  // A rejected one can be approved again; it offers no second Reject….
  assert.equal(await bake.getByRole('button', { name: /^Reject/ }).count(), 0);
  await bake.getByRole('button', { name: 'Approve: Bake sale at school' }).waitFor();

  // Edit…: the form opens with the focus in the title; a bad goal is said next to it; then saved.
  const bike = item(page, 'Bike ride to Bern');
  await bike.getByRole('button', { name: 'Edit: Bike ride to Bern' }).click();
  const form = bike.getByRole('form', { name: 'Edit “Bike ride to Bern”' });
  await form.waitFor();
  await focusIn(page, 'title');
  await form.getByLabel('Title').fill('Bike ride to Bern and back');
  await form.getByLabel('Goal in CHF').fill('lots');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await form.getByText('Enter an amount such as 500 or 1200.50').waitFor();
  assert.equal(await form.getByLabel('Goal in CHF').getAttribute('aria-invalid'), 'true');
  await focusIn(page, 'goal');
  // The refused save is the browser's one logged failed request here; anything else is a problem.
  assert.deepEqual(problems.splice(0).filter((p) => !/status of 400 \(Bad Request\)/.test(p)), []);
  assert.deepEqual(await axeSerious(page), []);
  await form.getByLabel('Goal in CHF').fill('750');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await messages.waitFor('Changes to “Bike ride to Bern and back” saved.', { kind: 'toast' });
  await form.waitFor({ state: 'detached' });
  await item(page, 'Bike ride to Bern and back').getByText('Goal: CHF\u00a0750').waitFor();
  const saved = await status(ride.id);
  assert.deepEqual([saved.title, Number(saved.goal), saved.status], ['Bike ride to Bern and back', 75000, 'pending']);
  // The Activity panel says what happened, in words.
  await page.locator('.admin-aside').getByText('approved the fundraiser “Lake walk for the well”').waitFor();

  assert.deepEqual(await axeSerious(page), []);
  if (SHOTS) await page.screenshot({ path: `/tmp/${SHOTS}-fundraisers.png`, fullPage: true });
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('the German admin: the tab and its words are German', async () => {
  await start('Sponsorenlauf am See');
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { lang: '/de', tab: 'fundraisers' });
  assert.equal(await screenLink(page, 'Spendenaktionen').getAttribute('aria-current'), 'page');
  const panel = page.locator('#panel-fundraisers');
  await panel.getByRole('heading', { level: 2, name: 'Spendenaktionen' }).waitFor();
  // As many as wait (the other test here may have started some), in German's singular or plural.
  const pending = await pendingCount();
  await panel.getByText(pending === 1 ? '1 Spendenaktion wartet auf Freigabe.' : `${pending} Spendenaktionen warten auf Freigabe.`, { exact: true }).waitFor();
  const row = item(page, 'Sponsorenlauf am See');
  await row.getByText('Ausstehend', { exact: true }).waitFor();
  // Its project by its German title.
  const projects = (await (await fetch(`${e2e.srv.url}/api/projects`)).json()) as { id: number }[];
  const project = (await e2e.srv.handle.deps.db('projects').where({ id: projects[0]!.id }).first('titleDe')) as { titleDe: string };
  await row.getByText(`Für ${project.titleDe}`).waitFor();
  await row.getByRole('button', { name: 'Freigeben: Sponsorenlauf am See' }).waitFor();
  await row.getByRole('button', { name: 'Bearbeiten: Sponsorenlauf am See' }).waitFor();
  await row.getByRole('button', { name: 'Ablehnen: Sponsorenlauf am See' }).click();
  await row.getByRole('textbox', { name: /Grund/ }).waitFor();
  await row.getByRole('button', { name: 'Ablehnen und der Person mitteilen' }).click();
  await row.getByText('Schreiben Sie den Grund').waitFor();
  assert.deepEqual(await axeSerious(page), []);
  // No English words of the tab on the German page: the supporters' own words (titles, names,
  // reasons, as the database holds them, whichever tests made them) taken out first.
  const own = (await e2e.srv.handle.deps.db('fundraisers').select('title', 'ownerName', 'rejectReason')) as { title: string; ownerName: string | null; rejectReason: string | null }[];
  let text = await panel.innerText();
  for (const words of own.flatMap((f) => [f.title, f.ownerName, f.rejectReason]).filter((w): w is string => Boolean(w)).sort((a, b) => b.length - a.length)) text = text.split(words).join(' ');
  for (const english of ['Fundraisers', 'Pending', 'Public', 'Rejected', 'Approve', 'Reject', 'Edit', 'Goal', 'Reason', 'Cancel', 'donors', 'wait for approval']) assert.ok(!text.includes(english), `"${english}" on the German page`);
  assert.ok(!/ß/.test(text), 'Swiss German spelling');
  if (SHOTS) await page.screenshot({ path: `/tmp/${SHOTS}-fundraisers-de.png`, fullPage: true });
  assert.deepEqual(problems, []);
  await page.context().close();
});

// The admin's Fundraisers tab in Chromium: the fundraisers supporters started are listed (pending
// first); Approve makes one public and mails its owner; Reject… asks for the reason (an empty one
// is said next to the field, Escape and Cancel close the question and give the focus back) and
// mails it; Edit… changes the title and goal (a bad goal is said next to its field). In German the
// tab speaks German. axe finds nothing serious. Screenshot: /tmp/admin-fundraisers.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeSerious, serverAndBrowser, signInAdmin, until, waitForHydration, watchedPage } from '../helpers';
import { outboxFor } from '../../models/providers/mail';
import { swissToday } from '../../models/shared/dates';

const e2e = serverAndBrowser();

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

const toast = (page: Page, text: string) => page.locator('.toast-title', { hasText: text });
const item = (page: Page, title: string) => page.locator('li.admin-item', { has: page.getByRole('heading', { level: 3, name: title }) });
/** Waits until the focus is on the element with this id (it moves there once React has rendered). */
const focusOn = (page: Page, id: string) => until(async () => (await focused(page)).id === id, `the focus on #${id}`, 5000);
const focused = (page: Page) => page.evaluate(() => ({ id: document.activeElement?.id ?? '', name: document.activeElement?.getAttribute('name') ?? '', tag: document.activeElement?.tagName ?? '' }));
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
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url);
  await page.goto(`${e2e.srv.url}/admin?tab=donations`);
  await waitForHydration(page);
  // The tab follows Donations: the arrow key moves there.
  await page.getByRole('tab', { name: 'Donations', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  const tab = page.getByRole('tab', { name: 'Fundraisers', exact: true });
  assert.equal(await tab.getAttribute('aria-selected'), 'true');
  const panel = page.getByRole('tabpanel', { name: 'Fundraisers' });
  await panel.getByRole('heading', { level: 2, name: 'Fundraisers' }).waitFor();
  await panel.getByText('3 fundraisers wait for approval.').waitFor();
  // Pending first, oldest first; then the public ones (the demo content's).
  assert.deepEqual(await panel.locator('li.admin-item h3').allInnerTexts(), ['Lake walk for the well', 'Bake sale at school', 'Bike ride to Bern', 'Miriam’s 40th birthday for Skills for Life']);
  const first = item(page, 'Lake walk for the well');
  assert.match(await first.innerText(), /Pending/);
  assert.match(await first.innerText(), /fr-owner-1@example\.org/);
  assert.match(await first.innerText(), /Goal: CHF\u00a0500/);
  assert.deepEqual(await axeSerious(page), []);

  // Approve: public, the owner mailed, the focus on its title (its button is gone), a link to its page.
  await first.getByRole('button', { name: 'Approve: Lake walk for the well' }).click();
  await toast(page, '“Lake walk for the well” is public now').waitFor();
  await first.getByText('Public', { exact: true }).waitFor();
  assert.equal((await fetch(`${e2e.srv.url}/api/fundraisers/${walk.slug}`)).status, 200);
  await until(async () => (await outboxFor(e2e.srv.handle.deps.db, walk.email)).length === 2, 'the approval mail');
  await focusOn(page, `fr-${walk.id}-title`);
  assert.match((await first.getByRole('link', { name: 'Lake walk for the well' }).getAttribute('href')) ?? '', new RegExp(`/fundraisers/${walk.slug}$`));
  await panel.getByText('2 fundraisers wait for approval.').waitFor();

  // Reject…: the question opens with the focus in the reason; without one it says so next to the field.
  const bake = item(page, 'Bake sale at school');
  await bake.getByRole('button', { name: 'Reject: Bake sale at school' }).click();
  const reason = bake.getByRole('textbox', { name: /Reason/ });
  await reason.waitFor();
  await until(async () => (await focused(page)).name === 'reason', 'the focus in the reason', 5000);
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
  await toast(page, '“Bake sale at school” was rejected').waitFor();
  await bake.getByText(`Reason told to the owner: ${why}`).waitFor();
  await bake.getByText('Rejected', { exact: true }).waitFor();
  assert.deepEqual([(await status(sale.id)).status, (await status(sale.id)).rejectReason], ['rejected', why]);
  await until(async () => (await outboxFor(e2e.srv.handle.deps.db, sale.email)).length === 2, 'the rejection mail');
  assertMailSays((await outboxFor(e2e.srv.handle.deps.db, sale.email))[0]!.textBody, 'fundraiserMail.rejected.text', why);
  // A rejected one can be approved again; it offers no second Reject….
  assert.equal(await bake.getByRole('button', { name: /^Reject/ }).count(), 0);
  await bake.getByRole('button', { name: 'Approve: Bake sale at school' }).waitFor();

  // Edit…: the form opens with the focus in the title; a bad goal is said next to it; then saved.
  const bike = item(page, 'Bike ride to Bern');
  await bike.getByRole('button', { name: 'Edit: Bike ride to Bern' }).click();
  const form = bike.getByRole('form', { name: 'Edit “Bike ride to Bern”' });
  await form.waitFor();
  await until(async () => (await focused(page)).name === 'title', 'the focus in the title', 5000);
  await form.getByLabel('Title').fill('Bike ride to Bern and back');
  await form.getByLabel('Goal in CHF').fill('lots');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await form.getByText('Enter an amount such as 500 or 1200.50').waitFor();
  assert.equal(await form.getByLabel('Goal in CHF').getAttribute('aria-invalid'), 'true');
  await until(async () => (await focused(page)).name === 'goal', 'the focus on the goal', 5000);
  // The refused save is the browser's one logged failed request here; anything else is a problem.
  assert.deepEqual(problems.splice(0).filter((p) => !/status of 400 \(Bad Request\)/.test(p)), []);
  assert.deepEqual(await axeSerious(page), []);
  await form.getByLabel('Goal in CHF').fill('750');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Changes to “Bike ride to Bern and back” saved.').waitFor();
  await form.waitFor({ state: 'detached' });
  await item(page, 'Bike ride to Bern and back').getByText('Goal: CHF\u00a0750').waitFor();
  const saved = await status(ride.id);
  assert.deepEqual([saved.title, Number(saved.goal), saved.status], ['Bike ride to Bern and back', 75000, 'pending']);
  // The Activity panel says what happened, in words.
  await page.locator('.admin-aside').getByText('approved the fundraiser “Lake walk for the well”').waitFor();

  assert.deepEqual(await axeSerious(page), []);
  await page.screenshot({ path: '/tmp/admin-fundraisers.png', fullPage: true });
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('the German admin: the tab and its words are German', async () => {
  await start('Sponsorenlauf am See');
  const { page, problems } = await watchedPage(e2e.browser);
  await signInAdmin(page, e2e.srv.url, { lang: '/de' });
  await page.goto(`${e2e.srv.url}/de/admin?tab=fundraisers`);
  await waitForHydration(page);
  assert.equal(await page.getByRole('tab', { name: 'Spendenaktionen', exact: true }).getAttribute('aria-selected'), 'true');
  const panel = page.getByRole('tabpanel', { name: 'Spendenaktionen' });
  await panel.getByRole('heading', { level: 2, name: 'Spendenaktionen' }).waitFor();
  await panel.getByText(/Spendenaktionen? warte/).first().waitFor();
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
  // No English words of the tab on the German page (the supporters' own titles aside).
  const text = await panel.innerText();
  for (const english of ['Fundraisers', 'Pending', 'Public', 'Rejected', 'Approve', 'Reject', 'Edit', 'Goal', 'Reason', 'Cancel', 'donors', 'wait for approval']) assert.ok(!text.includes(english), `"${english}" on the German page`);
  assert.ok(!/ß/.test(text), 'Swiss German spelling');
  await page.screenshot({ path: '/tmp/admin-fundraisers-de.png', fullPage: true });
  assert.deepEqual(problems, []);
  await page.context().close();
});

// The contact form in Chromium: the exact messages beside each field, announced and focused,
// and a valid message opening the visitor's mail program (the mailto: navigation is observed, not faked);
// without JavaScript the form itself is a mailto: form. No database is read: SQLite run only.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { serverAndBrowser, waitForHydration, watchedPage } from '../helpers';

// One server and one browser for the whole file (the pages only read).
const e2e = serverAndBrowser();

describe('contact form in Chromium', () => {

  async function open(path: string) {
    const watched = await watchedPage(e2e.browser, { viewport: { width: 1280, height: 900 } });
    await watched.page.goto(e2e.srv.url + path);
    await waitForHydration(watched.page);
    return watched;
  }

  /** A form field by its accessible name, as a screen reader names it. */
  const input = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

  /** The message shown beside a field, as a screen reader reaches it (aria-describedby). */
  async function describedBy(page: Page, label: string): Promise<string> {
    const field = input(page, label);
    const ids = (await field.getAttribute('aria-describedby')) ?? '';
    const texts = await Promise.all(ids.split(/\s+/).filter(Boolean).map((id) => page.locator(`#${id}`).innerText()));
    return texts.join(' ').trim();
  }

  test('one message from empty to sent: the four messages beside the fields and the focus on the first, messages following the corrections and the focus on the first still wrong, then the mail program addressed to the info address with subject and body', async () => {
    const { page, problems } = await open('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Send us a Message' }).waitFor();
    const email = e2e.srv.handle.deps.config.site.email;
    const mailtos: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('mailto:')) mailtos.push(r.url());
    });
    const summary = page.getByRole('status').filter({ hasText: 'Please correct' });

    // An empty message: the four messages beside the fields, the focus on the first.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await summary.getByText('Please correct 4 fields.', { exact: true }).waitFor();
    assert.equal(await describedBy(page, 'Name'), 'Name must be at least 2 characters');
    assert.equal(await describedBy(page, 'Email'), 'Please enter a valid email address');
    assert.equal(await describedBy(page, 'Subject'), 'Subject must be at least 5 characters');
    assert.equal(await describedBy(page, 'Message'), 'Message must be at least 10 characters');
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      assert.equal(await input(page, label).getAttribute('aria-invalid'), 'true', label);
    }
    // Focus moves to the first invalid field; a live region announces how many need correcting.
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'contact-name');
    assert.equal(await summary.innerText(), 'Please correct 4 fields.');
    assert.deepEqual(mailtos, [], 'no mail program for an invalid message');

    // Messages follow the corrections; the focus goes to the first field still wrong.
    await input(page, 'Name').fill('A');
    await input(page, 'Email').fill('anna@example.org');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await summary.getByText('Please correct 3 fields.', { exact: true }).waitFor();
    assert.equal(await describedBy(page, 'Name'), 'Name must be at least 2 characters');
    assert.equal(await input(page, 'Email').getAttribute('aria-invalid'), null);
    await input(page, 'Name').fill('Anna');
    // Corrected: the message beside the field goes away as the visitor types.
    await page.locator('#contact-name-error').waitFor({ state: 'detached' });
    assert.equal(await input(page, 'Name').getAttribute('aria-invalid'), null);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await summary.getByText('Please correct 2 fields.', { exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'contact-subject');
    assert.deepEqual(mailtos, [], 'no mail program for an invalid message');

    // A valid message opens the mail program addressed to the info address, with subject and body.
    await input(page, 'Name').fill('Anna Muster');
    await input(page, 'Subject').fill('Volunteering in Lucerne');
    await input(page, 'Message').fill('Hello! I would like to help with translations & events.');
    const request = page.waitForRequest((r) => r.url().startsWith('mailto:'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    const url = (await request).url();
    assert.ok(url.startsWith(`mailto:${email}?`), url);
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    assert.equal(query.get('subject'), 'Volunteering in Lucerne');
    const body = query.get('body') ?? '';
    assert.match(body, /Name: Anna Muster/);
    assert.match(body, /Email: anna@example\.org/);
    assert.match(body, /Hello! I would like to help with translations & events\./);
    // The page stays, and says what happened.
    await page.getByRole('status').filter({ hasText: email }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/contact');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('the German page shows the messages in German and writes a German mail body', async () => {
    const { page, problems } = await open('/de/contact');
    await page.getByRole('heading', { level: 2, name: 'Senden Sie uns eine Nachricht' }).waitFor();
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await page.getByRole('status').getByText('Bitte korrigieren Sie 4 Felder.', { exact: true }).waitFor();
    assert.equal(await describedBy(page, 'Name'), 'Der Name muss mindestens 2 Zeichen lang sein');
    assert.equal(await describedBy(page, 'E-Mail'), 'Bitte geben Sie eine gültige E-Mail-Adresse ein');
    assert.equal(await describedBy(page, 'Betreff'), 'Der Betreff muss mindestens 5 Zeichen lang sein');
    assert.equal(await describedBy(page, 'Nachricht'), 'Die Nachricht muss mindestens 10 Zeichen lang sein');
    assert.equal(await page.getByRole('status').filter({ hasText: 'Bitte korrigieren' }).innerText(), 'Bitte korrigieren Sie 4 Felder.');
    await input(page, 'Name').fill('Anna');
    await input(page, 'E-Mail').fill('anna@example.ch');
    await input(page, 'Betreff').fill('Spende für das Spital');
    await input(page, 'Nachricht').fill('Grüezi, ich möchte gerne spenden.');
    const request = page.waitForRequest((r) => r.url().startsWith('mailto:'));
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    const query = new URLSearchParams((await request).url().split('?')[1]);
    assert.equal(query.get('subject'), 'Spende für das Spital');
    assert.match(query.get('body') ?? '', /^Name: Anna\nE-Mail: anna@example\.ch\n\nNachricht:\nGrüezi, ich möchte gerne spenden\.$/);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});

describe('contact form without JavaScript (before the script runs, or when it never does)', () => {

  /** A page whose scripts never run; every request it makes to our server is recorded. */
  async function noScriptPage(path: string) {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.fulfill({ status: 204, body: '' }));
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    const ours: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(e2e.srv.url)) ours.push(`${r.method()} ${r.url()}`);
    });
    await page.goto(e2e.srv.url + path);
    assert.equal(await page.getAttribute('html', 'data-hydrated'), null, 'the script must not have run');
    return { page, problems, ours };
  }

  for (const [path, labels, subject] of [
    ['/contact', { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message', send: 'Send Message' }, 'Message from the website'],
    ['/de/contact', { name: 'Name', email: 'E-Mail', subject: 'Betreff', message: 'Nachricht', send: 'Nachricht senden' }, 'Nachricht über die Website'],
  ] as const) {
    test(`${path}: the message goes to the mail program, never into an address of ours`, async () => {
      const { page, problems, ours } = await noScriptPage(path);
      const email = e2e.srv.handle.deps.config.site.email;
      const field = (name: string) => page.getByRole('textbox', { name, exact: true });

      // An empty form: the browser's own checks stop it; no mail program, no request.
      let mailto = false;
      page.on('request', (r) => {
        if (r.url().startsWith('mailto:')) mailto = true;
      });
      const before = ours.length;
      await page.getByRole('button', { name: labels.send }).click();
      assert.equal(await page.locator('#contact-name:invalid').count(), 1);
      await field(labels.name).fill('Anna Muster');
      await field(labels.email).fill('not an address');
      await field(labels.subject).fill('Volunteering in Lucerne');
      await field(labels.message).fill('I would like to help with translations and events.');
      await page.getByRole('button', { name: labels.send }).click();
      assert.equal(await page.locator('#contact-email:invalid').count(), 1);
      assert.equal(mailto, false, 'an invalid message opens no mail program');

      await field(labels.email).fill('anna@example.org');
      const request = page.waitForRequest((r) => r.url().startsWith('mailto:'));
      await page.getByRole('button', { name: labels.send }).click();
      const url = (await request).url();
      assert.ok(url.startsWith(`mailto:${email}?`), url);
      const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
      assert.equal(query.get('subject'), subject);
      const body = (query.get('body') ?? '').split(/\r?\n/);
      assert.ok(body.includes(`${labels.name}=Anna Muster`), body.join(' | '));
      assert.ok(body.includes(`${labels.email}=anna@example.org`), body.join(' | '));
      assert.ok(body.includes(`${labels.subject}=Volunteering in Lucerne`), body.join(' | '));
      assert.ok(body.includes(`${labels.message}=I would like to help with translations and events.`), body.join(' | '));

      // The page stays where it was; nothing of the message reached our server or an address of ours.
      // (The mail program's request is the form's one submission: nothing of ours can follow it,
      // and every request of ours the page made before it is recorded by now.)
      assert.equal(page.url(), e2e.srv.url + path);
      const after = ours.slice(before);
      assert.deepEqual(
        after.filter((r) => /Anna|Lucerne|translations|[?&](name|email|subject|message)=/i.test(r) || new URL(r.split(' ')[1]!).pathname === path),
        [],
        after.join('\n'),
      );
      assert.deepEqual(problems, []);
      await page.context().close();
    });
  }
});

// Admins are people, in Chromium, with Chromium's own virtual authenticator
// (the DevTools WebAuthn domain: a platform authenticator with resident keys and user
// verification). The site runs at http://localhost:<port>, its PUBLIC_URL: passkeys are bound to
// that host. An admin invites a person in German from the People tab by keyboard; the person
// opens the mailed link, presses "Passkey erstellen" and is in, as an editor without the Donations
// tab; signs out, and signs in again with "Mit Passkey anmelden"; adds a second passkey from another
// device; axe-core finds nothing serious on the pages on the way (signing out everywhere: the API
// tests, test/api/admin-people.test.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import type { AppHandle } from '../../app';
import { axeSerious, chooseScreen, launchBrowser, screenLink, signInAdmin, testApp, waitForLoader, watchedPage } from '../helpers';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** A platform authenticator for this page (passkeys kept in it, the person always verified). */
async function virtualAuthenticator(page: Page): Promise<{ replace: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const add = async () =>
    (
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      })
    ).authenticatorId;
  let id = await add();
  return {
    // Another device: an authenticator that holds none of the passkeys made so far.
    replace: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: id });
      id = await add();
    },
  };
}

describe('admins are people, in Chromium', () => {
  let h: AppHandle;
  let server: Server;
  let browser: Browser;
  let url = '';
  before(async () => {
    const port = await freePort();
    url = `http://localhost:${port}`;
    h = await testApp({ PUBLIC_URL: url });
    server = await new Promise<Server>((resolve) => {
      const s = h.app.listen(port, '127.0.0.1', () => resolve(s));
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await h?.close();
  });

  /** The link in the newest mail to an address: the invitation is written before the invite's answer. */
  const inviteLink = async (email: string) => {
    const mail = (await h.deps.db('outbox').where({ toAddress: email }).orderBy('id', 'desc').first()) as { textBody: string } | undefined;
    assert.ok(mail, `a mail to ${email}`);
    return /https?:\/\/\S+/.exec(mail.textBody)![0];
  };

  test('invite in German by keyboard, create a passkey from the mailed link, sign in with it, a second passkey on another device', async () => {
    // The admin invites from the People tab (English), by keyboard.
    const admin = await watchedPage(browser, { viewport: { width: 1280, height: 900 } });
    await signInAdmin(admin.page, url, { tab: 'people' });
    const people = admin.page.getByRole('region', { name: 'People', exact: true });
    await people.getByLabel('Name', { exact: true }).fill('Lena Keller');
    await people.getByLabel('E-mail address').fill('lena@example.org');
    await people.getByRole('radio', { name: /Editor/ }).check();
    await people.getByLabel('Language of the invitation').selectOption('de');
    await people.getByRole('button', { name: 'Send the invitation' }).focus();
    await admin.page.keyboard.press('Enter');
    await admin.messages.waitFor('Invitation sent to Lena Keller (lena@example.org).', { kind: 'toast' });
    await people.getByRole('cell', { name: /Lena Keller/ }).first().waitFor();
    assert.deepEqual(await axeSerious(admin.page), []);
    assert.deepEqual(admin.problems, []);

    // Lena opens the German link at 390 px and creates her passkey.
    const lena = await watchedPage(browser, { viewport: { width: 390, height: 800 } });
    const device = await virtualAuthenticator(lena.page);
    const link = await inviteLink('lena@example.org');
    assert.match(link, /\/de\/admin-login\?invite=/);
    await lena.page.goto(link);
    await waitForLoader(lena.page);
    await lena.page.getByRole('heading', { level: 1, name: 'Willkommen, Lena Keller' }).waitFor();
    assert.deepEqual(await axeSerious(lena.page), []);
    await lena.page.getByRole('button', { name: 'Passkey erstellen' }).click();
    await lena.page.waitForURL(/\/de\/admin\/projects(\?|$)/);
    await waitForLoader(lena.page);
    // An editor: no Donations tab; the People tab is her account.
    assert.equal(await screenLink(lena.page, 'Spenden', { includeHidden: true }).count(), 0);
    await chooseScreen(lena.page, 'Ihr Konto');
    const account = lena.page.getByRole('region', { name: 'Ihr Konto', exact: true });
    await account.getByText('Angemeldet als Lena Keller, mit der Rolle Redaktion.').waitFor();
    await account.getByText('Passkey', { exact: true }).waitFor();
    assert.deepEqual(await axeSerious(lena.page), []);

    // Signed out, she signs in again with the passkey.
    await lena.page.getByRole('button', { name: 'Abmelden', exact: true }).click();
    await lena.page.waitForURL(/\/de\/admin-login/);
    await waitForLoader(lena.page);
    await lena.page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
    await lena.page.waitForURL(/\/de\/admin\/projects(\?|$)/);
    await waitForLoader(lena.page);

    // A second passkey, on another device (an authenticator that does not hold the first one: the
    // same one refuses, as the server excludes the passkeys she has).
    await device.replace();
    await chooseScreen(lena.page, 'Ihr Konto');
    await account.getByLabel('Name des neuen Passkeys').fill('Telefon');
    await account.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await lena.messages.waitFor('Passkey hinzugefügt.', { kind: 'toast' });
    await account.getByText('Telefon', { exact: true }).waitFor();
    assert.equal(await h.deps.db('passkeys').count({ n: '*' }).first().then((r) => Number((r as { n: unknown }).n)), 2);
    assert.deepEqual(lena.problems, []);

    // The admin sees that Lena joined, with two passkeys.
    await admin.page.reload();
    await waitForLoader(admin.page);
    await admin.page.getByText('2 passkeys').waitFor();
    await lena.page.context().close();
    await admin.page.context().close();
  });
});

// The bounce mailbox's settings (config.ts, models/providers/imap.ts): the forms of BOUNCE_IMAP_URL
// that are taken, the ones refused at start (without the password in the message), and what each
// part of the address means. Reading the mailbox is tested against Dovecot in test/api/bounce-mailbox.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../config';
import { imapSettings, mailboxName } from '../../models/providers/imap';

test('BOUNCE_IMAP_URL: imaps:// or imap:// with a user and a password; anything else is refused without showing the password', () => {
  const c = loadConfig({ BOUNCE_IMAP_URL: 'imaps://u:p@imap.example.org/INBOX', BOUNCE_ADDRESS: 'bounces@example.org' });
  assert.deepEqual(c.bounces, { address: 'bounces@example.org', imapUrl: 'imaps://u:p@imap.example.org/INBOX', everyMinutes: 10 });
  for (const bad of ['https://u:Secret-9@imap.example.org/INBOX', 'imaps://imap.example.org/INBOX', 'imap://u@imap.example.org/', 'not a url Secret-9']) {
    assert.throws(() => loadConfig({ BOUNCE_IMAP_URL: bad }), (e: Error) => e instanceof ConfigError && /BOUNCE_IMAP_URL/.test(e.message) && !e.message.includes('Secret-9'), bad);
  }
  assert.throws(() => loadConfig({ BOUNCE_ADDRESS: 'bounces' }), /BOUNCE_ADDRESS/);
  assert.throws(() => loadConfig({ BOUNCE_IMAP_EVERY_MINUTES: '0' }), /BOUNCE_IMAP_EVERY_MINUTES/);
});

test('the parts of the address: ports by scheme, the folder, encoded user and password, the TLS options', () => {
  const s = imapSettings('imaps://bounces%40charity.example:p%40ss%3Aw0rd@imap.charity.example/Bounces%20In');
  assert.deepEqual(s, { host: 'imap.charity.example', port: 993, secure: true, requireStartTls: false, insecureTls: false, user: 'bounces@charity.example', password: 'p@ss:w0rd', mailbox: 'Bounces In' });
  const plain = imapSettings('imap://u:p@127.0.0.1:1143/?tls=insecure&starttls=required');
  assert.deepEqual([plain.port, plain.secure, plain.mailbox, plain.insecureTls, plain.requireStartTls], [1143, false, 'INBOX', true, true]);
  assert.equal(imapSettings('imap://u:p@mail.example.org').port, 143);
  assert.equal(mailboxName(s), 'imaps://bounces@charity.example@imap.charity.example:993/Bounces In', 'no password');
});

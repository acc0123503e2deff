// Signed and checked sending. The site's own mails carry a DKIM signature (DKIM_DOMAIN,
// DKIM_SELECTOR, DKIM_PRIVATE_KEY) that a verifier accepts against the key published in DNS; and
// GET /api/admin/mail-health reads SPF, DKIM and DMARC of MAIL_FROM's domain from a real DNS
// server (a local one, DNS_SERVERS), says for each what it found, whether it is right and what to
// publish, and answers plainly when DNS does not. The Newsletter screen shows it in German too.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import dns from 'node:dns';
import request from 'supertest';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { testApp } from '../helpers';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp';
import { startFakeDns, type FakeDns } from '../fakes/dns';
import type { AppHandle } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { dkimRecordValue } from '../../models/providers/dkim';
import type { MailHealth } from '../../models/site/mail-health';

const KEY = 'demo-admin-key-change-me';
const ADMIN = { 'X-Admin-Key': KEY };
const DOMAIN = 'charity.test';
const SELECTOR = 'mail2026';
const DKIM_NAME = `${SELECTOR}._domainkey.${DOMAIN}`;
const rsa = (bits: number) => crypto.generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PEM = rsa(2048);
const OTHER_PEM = rsa(1024);
/** As an environment variable often carries it: one line, literal \n. */
const PEM_ONE_LINE = PEM.trim().replace(/\n/g, '\\n');
const composed = { subject: 'Signed letter', previewText: 'From the villages', language: 'en', selectedNews: [1], selectedProjects: [1], to: 'reader@example.org' };

describe('DKIM configuration', () => {
  const base = { NODE_ENV: 'test' };
  test('all three or none, and the key must be a usable private key', () => {
    assert.throws(() => loadConfig({ ...base, DKIM_DOMAIN: DOMAIN }), (e: Error) => e instanceof ConfigError && /DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set too/.test(e.message));
    assert.throws(() => loadConfig({ ...base, DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR }), /DKIM_PRIVATE_KEY must be set too/);
    assert.throws(() => loadConfig({ ...base, DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: 'not a key' }), (e: Error) => e instanceof ConfigError && /DKIM_PRIVATE_KEY is not a private key/.test(e.message));
    const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    assert.throws(() => loadConfig({ ...base, DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: ec }), /DKIM_PRIVATE_KEY must be an RSA key/);
    assert.throws(() => loadConfig({ ...base, DKIM_DOMAIN: 'not a domain', DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: PEM }), /DKIM_DOMAIN must be a domain name/);
    assert.throws(() => loadConfig({ ...base, DNS_SERVERS: '127.0.0.1:53,dns.example' }), /DNS_SERVERS must be addresses .*not an address: dns\.example/);
    assert.equal(loadConfig(base).dkim, undefined);
    // The key with literal \n, as an environment variable carries it, is read as the PEM it is.
    const config = loadConfig({ ...base, DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: PEM_ONE_LINE, DNS_SERVERS: '127.0.0.1:5353, [::1]:53, 9.9.9.9' });
    assert.deepEqual(config.dkim, { domainName: DOMAIN, keySelector: SELECTOR, privateKey: PEM });
    assert.deepEqual(config.dnsServers, ['127.0.0.1:5353', '[::1]:53', '9.9.9.9']);
  });
});

describe('signed and checked sending', () => {
  let dnsServer: FakeDns;
  let smtp: FakeSmtp;
  let h: AppHandle;
  const publish = (records: Record<string, string[]>) => {
    dnsServer.txt.clear();
    for (const [name, values] of Object.entries(records)) dnsServer.txt.set(name, values);
  };
  const health = async (app = h): Promise<MailHealth> => (await request(app.app).get('/api/admin/mail-health').set(ADMIN).expect(200)).body as MailHealth;

  before(async () => {
    dnsServer = await startFakeDns();
    smtp = await startFakeSmtp();
    h = await testApp({ SMTP_URL: smtp.url, MAIL_FROM: `Kuvaka Trust <info@${DOMAIN}>`, DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: SELECTOR, DKIM_PRIVATE_KEY: PEM_ONE_LINE, DNS_SERVERS: dnsServer.server });
  });
  after(async () => {
    await h?.close();
    await smtp?.close();
    await dnsServer?.close();
  });

  test('every mail the site sends is DKIM-signed, and the signature verifies against the key in DNS', async () => {
    await request(h.app).post('/api/admin/newsletter/test-send').set(ADMIN).send(composed).expect(200);
    const [mail] = smtp.to('reader@example.org');
    assert.ok(mail, 'the test mail arrived');
    const signature = mail.headers['dkim-signature'] ?? '';
    assert.match(signature, new RegExp(`\\bd=${DOMAIN.replace('.', '\\.')};`));
    assert.match(signature, new RegExp(`\\bs=${SELECTOR};`));
    // A verifier that reads the key from DNS, as a receiving server does (the local DNS server).
    const resolver = new dns.promises.Resolver({ timeout: 1000, tries: 1 });
    resolver.setServers([dnsServer.server]);
    const verify = async () => (await dkimVerify(mail.raw, { resolver: (name: string, rr: string) => resolver.resolve(name, rr as 'TXT') as Promise<string[][]> })).results[0]!;
    publish({ [DKIM_NAME]: [dkimRecordValue(PEM)] });
    const good = await verify();
    assert.equal(good.status.result, 'pass', good.info);
    assert.equal(good.signingDomain, DOMAIN);
    assert.equal(good.selector, SELECTOR);
    // The same mail against another key: the check is real.
    publish({ [DKIM_NAME]: [dkimRecordValue(OTHER_PEM)] });
    assert.notEqual((await verify()).status.result, 'pass');
  });

  test('needs an admin credential', async () => {
    assert.equal((await request(h.app).get('/api/admin/mail-health')).status, 401);
  });

  test('all three right', async () => {
    publish({
      [DOMAIN]: ['v=spf1 include:_spf.mail.test ~all', 'google-site-verification=abc'],
      [DKIM_NAME]: [dkimRecordValue(PEM)],
      [`_dmarc.${DOMAIN}`]: ['v=DMARC1; p=quarantine; rua=mailto:dmarc@charity.test'],
    });
    const r = await health();
    assert.equal(r.from, `info@${DOMAIN}`);
    assert.equal(r.domain, DOMAIN);
    assert.equal(r.smtpHost, '127.0.0.1');
    assert.deepEqual(r.signing, { domain: DOMAIN, selector: SELECTOR });
    assert.deepEqual(r.spf, { status: 'ok', reason: 'ok', name: DOMAIN, found: 'v=spf1 include:_spf.mail.test ~all', message: r.spf.message, fix: null });
    assert.deepEqual([r.dkim.status, r.dkim.reason, r.dkim.name, r.dkim.fix], ['ok', 'ok', DKIM_NAME, null]);
    assert.equal(r.dkim.found, dkimRecordValue(PEM), 'the long key, joined from its 255-byte strings');
    assert.deepEqual([r.dmarc.status, r.dmarc.reason, r.dmarc.name, r.dmarc.found, r.dmarc.fix], ['ok', 'ok', `_dmarc.${DOMAIN}`, 'v=DMARC1; p=quarantine; rua=mailto:dmarc@charity.test', null]);
  });

  test('nothing published: each is missing, with the record to add', async () => {
    publish({ [DOMAIN]: ['google-site-verification=abc'] });
    const r = await health();
    assert.deepEqual([r.spf.status, r.spf.reason, r.spf.found], ['missing', 'none', null]);
    assert.deepEqual(r.spf.fix, { action: 'add', record: { type: 'TXT', name: DOMAIN, host: '@', value: 'v=spf1 mx ~all' } });
    assert.deepEqual([r.dkim.status, r.dkim.reason], ['missing', 'none']);
    // The record to publish is derived from the configured key.
    assert.deepEqual(r.dkim.fix, { action: 'add', record: { type: 'TXT', name: DKIM_NAME, host: `${SELECTOR}._domainkey`, value: dkimRecordValue(PEM) } });
    assert.match(r.dkim.fix.record.value, /^v=DKIM1; k=rsa; p=MII[A-Za-z0-9+/=]+$/);
    assert.deepEqual([r.dmarc.status, r.dmarc.reason], ['missing', 'none']);
    // SPF and DKIM are not right yet: the policy to start with only asks for reports.
    assert.deepEqual(r.dmarc.fix, { action: 'add', record: { type: 'TXT', name: `_dmarc.${DOMAIN}`, host: '_dmarc', value: 'v=DMARC1; p=none' } });
  });

  test('wrong: several SPF records, +all, a DKIM key that is not the site\'s, a DMARC record without a policy', async () => {
    publish({
      [DOMAIN]: ['v=spf1 include:_spf.mail.test ~all', 'v=spf1 mx -all'],
      [DKIM_NAME]: [dkimRecordValue(OTHER_PEM)],
      [`_dmarc.${DOMAIN}`]: ['v=DMARC1; rua=mailto:dmarc@charity.test'],
    });
    let r = await health();
    assert.deepEqual([r.spf.status, r.spf.reason, r.spf.found], ['wrong', 'several', 'v=spf1 include:_spf.mail.test ~all\nv=spf1 mx -all']);
    assert.deepEqual(r.spf.fix, { action: 'replace', record: { type: 'TXT', name: DOMAIN, host: '@', value: 'v=spf1 include:_spf.mail.test mx ~all' } });
    assert.deepEqual([r.dkim.status, r.dkim.reason, r.dkim.found], ['wrong', 'key-mismatch', dkimRecordValue(OTHER_PEM)]);
    assert.deepEqual(r.dkim.fix, { action: 'replace', record: { type: 'TXT', name: DKIM_NAME, host: `${SELECTOR}._domainkey`, value: dkimRecordValue(PEM) } });
    assert.deepEqual([r.dmarc.status, r.dmarc.reason], ['wrong', 'no-policy']);
    assert.equal(r.dmarc.fix?.record.value, 'v=DMARC1; p=none');

    publish({ [DOMAIN]: ['v=spf1 a mx +all'], [DKIM_NAME]: [dkimRecordValue(PEM)], [`_dmarc.${DOMAIN}`]: ['v=DMARC1; p=reject', 'v=DMARC1; p=none'] });
    r = await health();
    assert.deepEqual([r.spf.status, r.spf.reason, r.spf.fix?.action, r.spf.fix?.record.value], ['wrong', 'plus-all', 'replace', 'v=spf1 a mx ~all']);
    assert.equal(r.dkim.status, 'ok');
    assert.deepEqual([r.dmarc.status, r.dmarc.reason], ['wrong', 'several']);
  });

  test('DMARC p=none is right, with the advice to go stricter once SPF and DKIM are', async () => {
    publish({ [DOMAIN]: ['v=spf1 mx ~all'], [DKIM_NAME]: [dkimRecordValue(PEM)], [`_dmarc.${DOMAIN}`]: ['v=DMARC1; p=none; rua=mailto:dmarc@charity.test'] });
    const r = await health();
    assert.deepEqual([r.dmarc.status, r.dmarc.reason], ['ok', 'policy-none']);
    assert.deepEqual(r.dmarc.fix, { action: 'replace', record: { type: 'TXT', name: `_dmarc.${DOMAIN}`, host: '_dmarc', value: 'v=DMARC1; p=quarantine; rua=mailto:dmarc@charity.test' } });
  });

  test('a DNS server that does not answer, or answers SERVFAIL: a plain "unknown" soon, never an error', async () => {
    dnsServer.mode = 'silent';
    try {
      const started = Date.now();
      const r = await health();
      const took = Date.now() - started;
      for (const check of [r.spf, r.dkim, r.dmarc]) assert.deepEqual([check.status, check.reason, check.found, check.fix], ['unknown', 'timeout', null, null]);
      assert.match(r.spf.message, /did not answer in time/);
      assert.ok(took < 4000, `answered after ${took} ms`);
      dnsServer.mode = 'servfail';
      const s = await health();
      for (const check of [s.spf, s.dkim, s.dmarc]) assert.deepEqual([check.status, check.reason], ['unknown', 'dns-error']);
    } finally {
      dnsServer.mode = 'ok';
    }
  });

  test('without DKIM_*: signing is not set up; the Newsletter screen shows the check in German, in German words only', async () => {
    const plain = await testApp({ MAIL_FROM: `Kuvaka Trust <info@${DOMAIN}>`, DNS_SERVERS: dnsServer.server });
    try {
      publish({ [DOMAIN]: ['v=spf1 mx +all'], [`_dmarc.${DOMAIN}`]: ['v=DMARC1; p=none'] });
      const r = await health(plain);
      assert.deepEqual([r.dkim.status, r.dkim.reason, r.dkim.name, r.dkim.fix, r.signing, r.smtpHost], ['missing', 'not-configured', null, null, null, null]);
      assert.deepEqual([r.spf.status, r.dmarc.status], ['wrong', 'ok']);

      const agent = request.agent(plain.app);
      await agent.post('/api/admin/login').send({ key: KEY }).expect(200);
      const panel = async (lang: 'en' | 'de') => {
        const html = (await agent.get(`${lang === 'de' ? '/de' : ''}/admin/newsletter?sending=check`).set('Accept', 'text/html').expect(200)).text;
        const section = /<section class="nl-sends sending-health" id="sending-health"[\s\S]*?<\/section>/.exec(html)?.[0];
        assert.ok(section, `${lang}: the panel is on the Newsletter screen`);
        return section;
      };
      // Without ?sending=check the screen asks no DNS: the panel offers the check.
      const asked = dnsServer.asked.length;
      const unchecked = (await agent.get('/de/admin/newsletter').set('Accept', 'text/html').expect(200)).text;
      assert.match(unchecked, /href="\/de\/admin\/newsletter\?sending=check#sending-health"[^>]*>Domain prüfen</);
      assert.equal(dnsServer.asked.length, asked);

      const de = await panel('de');
      assert.match(de, /<h3[^>]*>Zustellbarkeit<\/h3>/);
      assert.match(de, /Zu korrigieren/);
      assert.match(de, /Die Website signiert ihre E-Mails noch nicht/);
      assert.match(de, /Ersetzen Sie den Eintrag dort durch diesen:/);
      assert.match(de, /<code>v=spf1 mx ~all<\/code>/);
      // No English word: the words of the English panel (record values, variables, names and the
      // words both languages use apart) are none of the German panel's.
      const words = (section: string) =>
        new Set(
          section
            .replace(/<code>[\s\S]*?<\/code>/g, ' ')
            .replace(/<[^>]+>/g, ' ')
            .replace(/&[a-z]+;|&#\d+;/g, ' ')
            .split(/\s+/)
            .filter((w) => !/[=~+_:@<>.\/]/.test(w.replace(/[.,:;()!?]+$/, '')))
            .flatMap((w) => w.match(/[A-Za-z\u00c0-\u024f][A-Za-z\u00c0-\u024f-]{2,}/g) ?? [])
            .map((w) => w.toLowerCase()),
        );
      // Names, and the loanwords German writes alike (Duden: Domain, Newsletter, Server, Website).
      const shared = new Set(['spf', 'dkim', 'dmarc', 'txt', 'gmail', 'yahoo', 'kuvaka', 'trust', 'name', 'domain', 'newsletter', 'server', 'website']);
      const english = [...words(await panel('en'))].filter((w) => !shared.has(w));
      const leaked = [...words(de)].filter((w) => english.includes(w));
      assert.deepEqual(leaked, [], 'English words in the German panel');
    } finally {
      await plain.close();
    }
  });
});

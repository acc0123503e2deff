// A newsletter goes to the sender's own address first ("Send test"), through the same renderer and
// the site's own mail (SMTP or the outbox) in both mailing modes; a send to nobody is refused.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp';
import { startFakeMailchimp, type FakeMailchimp } from '../fakes/mailchimp';
import type { AppHandle } from '../../app';
import { outboxFor } from '../../models/providers/mail';
import { hashToken, newToken } from '../../models/newsletter/subscriber';
import { personalize } from '../../models/newsletter/campaigns';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
const PUBLIC_URL = 'https://charity.example';
const composed = { subject: 'Autumn letter', previewText: 'From the villages', language: 'en', selectedNews: [1], selectedProjects: [1] };

async function addSubscriber(h: AppHandle, email: string, language: 'en' | 'de'): Promise<void> {
  await h.deps.db('newsletter_subscribers').insert({ email, status: 'subscribed', language, unsubscribeToken: newToken(), consentAt: new Date(), consentForm: 'footer', consentSource: 'double-opt-in', confirmTokenHash: hashToken(newToken()) });
}

describe('test sends, local mailing list, outbox', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ PUBLIC_URL, TRUST_ADMIN_EMAIL_HEADER: '1', ADMIN_EMAILS: 'editor@charity.example' });
  });
  after(async () => {
    await h.close();
  });

  test('needs an admin credential', async () => {
    assert.equal((await request(h.app).post('/api/admin/newsletter/test-send').send({ ...composed, to: 'x@example.org' })).status, 401);
  });

  test('signed in with a key: the address is asked for, checked, and gets the "[Test]" mail', async () => {
    const status = await request(h.app).get('/api/admin/newsletter/status').set(ADMIN).expect(200);
    assert.equal(status.body.testAddress, null);

    const missing = await request(h.app).post('/api/admin/newsletter/test-send').set(ADMIN).send(composed);
    assert.equal(missing.status, 400);
    assert.equal(missing.body.fieldErrors.to.code, 'required');
    const bad = await request(h.app).post('/api/admin/newsletter/test-send').set(ADMIN).send({ ...composed, to: 'not an address' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.fieldErrors.to.code, 'email');
    const noSubject = await request(h.app).post('/api/admin/newsletter/test-send').set(ADMIN).send({ ...composed, subject: '', to: 'me@example.org' });
    assert.equal(noSubject.status, 400);
    assert.equal((await outboxFor(h.deps.db, 'me@example.org')).length, 0);

    const res = await request(h.app).post('/api/admin/newsletter/test-send').set(ADMIN).send({ ...composed, to: 'me@example.org' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { sent: true, to: 'me@example.org', subject: '[Test] Autumn letter', via: 'outbox' });
    const [mail] = await outboxFor(h.deps.db, 'me@example.org');
    assert.equal(mail!.subject, '[Test] Autumn letter');
    // The same renderer as the real send: the generated mail, with a harmless unsubscribe link.
    const generated = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send(composed).expect(200);
    assert.equal(mail!.htmlBody, personalize(generated.body.newsletterData.html, `${PUBLIC_URL}/newsletter/unsubscribe`), 'the html of the generated newsletter');
    assert.match(mail!.textBody, new RegExp(`${PUBLIC_URL}/newsletter/unsubscribe(?!\\?token)`));
    // Nobody else got anything, no campaign was made, and it is in the activity log.
    assert.equal(Number((await h.deps.db('newsletter_campaigns').count({ n: '*' }).first())?.n), 0);
    const [entry] = await h.deps.db('audit_log').where({ entity: 'newsletter' }).orderBy('id', 'desc');
    assert.equal(entry.action, 'send');
    assert.match(entry.summary, /\[Test\] Autumn letter → me@example\.org/);
  });

  test('signed in by e-mail: the test goes to that address, whatever the body says', async () => {
    const who = { 'X-Admin-Email': 'editor@charity.example' };
    const status = await request(h.app).get('/api/admin/newsletter/status').set(who).expect(200);
    assert.equal(status.body.testAddress, 'editor@charity.example');
    const res = await request(h.app).post('/api/admin/newsletter/test-send').set(who).send({ ...composed, language: 'de', to: 'someone-else@example.org' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.to, 'editor@charity.example');
    assert.equal((await outboxFor(h.deps.db, 'someone-else@example.org')).length, 0);
    const [mail] = await outboxFor(h.deps.db, 'editor@charity.example');
    assert.match(mail!.subject, /^\[Test\] Autumn letter$/);
    assert.match(mail!.textBody, /\/de\/newsletter\/unsubscribe/);
    // The activity log names who sent the test, like every other entry.
    const [entry] = await h.deps.db('audit_log').where({ entity: 'newsletter', action: 'send' }).orderBy('id', 'desc');
    assert.equal(entry.actor, 'editor@charity.example');
    assert.equal(entry.actorName, 'editor@charity.example');
  });

  test('a send to an edition nobody reads is refused and changes nothing; with a reader it starts', async () => {
    const generated = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ ...composed, language: 'de' }).expect(200);
    const { body: created } = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(generated.body.newsletterData).expect(201);
    const status = await request(h.app).get('/api/admin/newsletter/status').set(ADMIN).expect(200);
    assert.equal(status.body.audience.de, 0);

    const refused = await request(h.app).post(`/api/admin/newsletter/send/${created.campaignId}`).set(ADMIN);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'newsletter.no_subscribers');
    assert.match(refused.body.error, /no confirmed subscribers/);
    const campaign = await h.deps.db('newsletter_campaigns').where({ id: Number(created.campaignId) }).first();
    assert.equal(campaign.status, 'draft');
    assert.equal(Number((await h.deps.db('newsletter_deliveries').count({ n: '*' }).first())?.n), 0);

    await addSubscriber(h, 'leserin@example.ch', 'de');
    const started = await request(h.app).post(`/api/admin/newsletter/send/${created.campaignId}`).set(ADMIN);
    assert.equal(started.status, 202, JSON.stringify(started.body));
    assert.equal(started.body.progress.total, 1);
    await h.deps.jobs.idle();
  });
});

describe('test sends through SMTP', () => {
  let h: AppHandle;
  let smtp: FakeSmtp;
  before(async () => {
    smtp = await startFakeSmtp();
    h = await testApp({ PUBLIC_URL, SMTP_URL: smtp.url });
  });
  after(async () => {
    await h.close();
    await smtp.close();
  });

  test('arrives at once, marked as a test; a refusal is a clear 503', async () => {
    const res = await request(h.app).post('/api/admin/newsletter/test-send').set(ADMIN).send({ ...composed, to: 'me@example.org' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.via, 'smtp');
    const [mail] = smtp.to('me@example.org');
    assert.equal(mail!.subject, '[Test] Autumn letter');
    assert.equal(mail!.headers['x-newsletter-test'], '1');
    assert.match(mail!.html, /Autumn letter/);

    smtp.refuse.add('refused@example.org');
    const refused = await request(h.app).post('/api/admin/newsletter/test-send').set(ADMIN).send({ ...composed, to: 'refused@example.org' });
    assert.equal(refused.status, 503);
    assert.equal(refused.body.code, 'newsletter.mail_failed');
    assert.match(refused.body.error, /The test mail could not be sent/);
  });
});

describe('test sends with Mailchimp', () => {
  let h: AppHandle;
  let mc: FakeMailchimp;
  before(async () => {
    mc = await startFakeMailchimp({ apiKey: 'x-us1' });
    h = await testApp({ PUBLIC_URL, MAILCHIMP_API_KEY: 'x-us1', MAILCHIMP_SERVER_PREFIX: 'us1', MAILCHIMP_AUDIENCE_ID: 'aud1', MAILCHIMP_API_BASE: mc.url });
  });
  after(async () => {
    await h.close();
    await mc.close();
  });

  test('go through the site\'s own mail, never to the audience', async () => {
    const res = await request(h.app).post('/api/admin/newsletter/test-send').set(ADMIN).send({ ...composed, to: 'me@example.org' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await outboxFor(h.deps.db, 'me@example.org'))[0]!.subject, '[Test] Autumn letter');
    assert.deepEqual(mc.requests, [], 'Mailchimp is not asked: no campaign, no send');
  });
});

// The newsletter with Mailchimp configured: the real @mailchimp/mailchimp_marketing SDK talks to
// the local fake (MAILCHIMP_API_BASE): every subscribe status, the forgotten address, an outage,
// and campaign create / setContent / send.
import { test, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { outboxFor } from '../../models/providers/mail';
import { createMailingProvider } from '../../app';
import { md5, startFakeMailchimp, type FakeMailchimp } from '../fakes/mailchimp';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
let h: AppHandle;
let mc: FakeMailchimp;

before(async () => {
  mc = await startFakeMailchimp({ apiKey: 'x-us1' });
  h = await testApp({
    PUBLIC_URL: 'https://charity.example',
    MAILCHIMP_API_KEY: 'x-us1',
    MAILCHIMP_SERVER_PREFIX: 'us1',
    MAILCHIMP_AUDIENCE_ID: 'aud1',
    MAILCHIMP_API_BASE: mc.url,
  });
});
after(async () => {
  await h.close();
  await mc.close();
});
beforeEach(() => {
  mc.requests.length = 0;
  mc.outage = 'none';
});

let ip = 0;
const subscribe = (email: string, language = 'en') =>
  request(h.app).post('/api/newsletter/subscribe').set('X-Forwarded-For', `10.1.0.${++ip}`).send({ email, language });

test('a new address is added as pending (double opt-in) with its language', async () => {
  const res = await subscribe('New.Reader@Example.org', 'de');
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual(res.body, { status: 'pending_confirmation' });
  const hash = md5('new.reader@example.org');
  assert.deepEqual(
    mc.requests.map((r) => `${r.method} ${r.path}`),
    [`GET /3.0/lists/aud1/members/${hash}`, `PUT /3.0/lists/aud1/members/${hash}`],
  );
  assert.ok(mc.requests.every((r) => r.apiKey === 'x-us1'), 'Basic auth with the API key');
  const put = mc.requests[1]!.body;
  assert.equal(put.status_if_new, 'pending');
  assert.equal(put.email_address, 'New.Reader@Example.org');
  assert.equal(put.language, 'de');
  assert.equal(put.status, undefined, 'a new member is not forced to a status');
  assert.equal(mc.memberOf('new.reader@example.org')?.status, 'pending');
  // Mailchimp sends the confirmation mail itself; nothing is stored or sent locally.
  assert.equal((await outboxFor(h.deps.db, 'new.reader@example.org')).length, 0);
  assert.equal((await h.deps.db('newsletter_subscribers').where({ email: 'new.reader@example.org' })).length, 0);
});

test('an existing subscribed member is already subscribed (and left untouched)', async () => {
  mc.addMember('fan@example.org', 'subscribed');
  const res = await subscribe('fan@example.org');
  assert.deepEqual(res.body, { status: 'already_subscribed' });
  assert.deepEqual(mc.requests.map((r) => r.method), ['GET']);
});

test('unsubscribed and archived members are asked to confirm again', async () => {
  for (const status of ['unsubscribed', 'archived']) {
    const email = `${status}@example.org`;
    mc.addMember(email, status);
    const res = await subscribe(email);
    assert.deepEqual(res.body, { status: 'resubscribed_pending' }, status);
    const put = mc.requests.find((r) => r.method === 'PUT' && r.body.email_address === email)!;
    assert.equal(put.body.status, 'pending');
    assert.equal(mc.memberOf(email)?.status, 'pending');
  }
});

test('a pending member stays pending; an audience without double opt-in answers immediately subscribed', async () => {
  mc.addMember('waiting@example.org', 'pending');
  assert.deepEqual((await subscribe('waiting@example.org')).body, { status: 'pending_confirmation' });
  mc.doubleOptIn = false;
  try {
    assert.deepEqual((await subscribe('instant@example.org')).body, { status: 'immediately_subscribed' });
  } finally {
    mc.doubleOptIn = true;
  }
});

test('an address Mailchimp permanently deleted gives the "previously unsubscribed and removed" error', async () => {
  mc.forgotten.add('deleted@example.org');
  const res = await subscribe('deleted@example.org', 'de');
  assert.equal(res.status, 400);
  assert.match(res.body.error, /previously unsubscribed and removed/);
  // The footer switches on the code, not on the sentence.
  assert.equal(res.body.code, 'newsletter.previously_unsubscribed');
});

test('an outage gives a clear 503, never a 500 or a hanging request', async () => {
  mc.outage = '500';
  const down = await subscribe('someone@example.org');
  assert.equal(down.status, 503);
  assert.equal(down.body.code, 'newsletter.unavailable');
  assert.equal(down.body.error, 'The newsletter service is not reachable right now. Please try again in a few minutes.');
  const downDe = await subscribe('jemand@example.org', 'de');
  assert.equal(downDe.body.error, 'Der Newsletter-Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Minuten erneut.');

  // A Mailchimp that never answers: the call gives up after the timeout (shortened here).
  mc.outage = 'timeout';
  const original = h.deps.mailing;
  h.deps.mailing = createMailingProvider({ config: h.deps.config, db: h.deps.db, mail: h.deps.mail, jobs: h.deps.jobs, log: h.deps.log, i18n: h.deps.i18n, mailchimpTimeoutMs: 300 });
  try {
    const started = Date.now();
    const slow = await subscribe('patient@example.org');
    assert.ok(slow.status === 503 || slow.status === 504, String(slow.status));
    assert.match(slow.body.error, /not reachable/);
    assert.ok(Date.now() - started < 5000);
  } finally {
    h.deps.mailing = original;
    mc.outage = 'none';
  }
});

test('campaigns: create with the language segment and content, then send', async () => {
  const status = await request(h.app).get('/api/admin/newsletter/status').set(ADMIN).expect(200);
  assert.deepEqual(status.body, { mailing: 'mailchimp', assistant: 'templates', audience: null, testAddress: null });

  const generated = await request(h.app)
    .post('/api/admin/newsletter/generate')
    .set(ADMIN)
    .send({ subject: 'Neues aus Mwenezi', previewText: 'Licht und Ernte', language: 'de', selectedNews: [1], selectedProjects: [1] })
    .expect(200);
  const created = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(generated.body.newsletterData);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const campaign = mc.campaigns.get(created.body.campaignId)!;
  assert.ok(campaign, 'campaign exists in Mailchimp');
  assert.equal(created.body.editUrl, `https://us1.admin.mailchimp.com/campaigns/edit?id=${campaign.web_id}`);
  assert.equal(campaign.body.type, 'regular');
  assert.equal(campaign.body.recipients.list_id, 'aud1');
  assert.deepEqual(campaign.body.recipients.segment_opts.conditions, [{ condition_type: 'Language', field: 'language', op: 'is', value: 'de' }]);
  assert.equal(campaign.body.settings.subject_line, 'Neues aus Mwenezi');
  assert.equal(campaign.body.settings.preview_text, 'Licht und Ernte');
  assert.equal(campaign.body.settings.from_name, 'Kuvaka Community Trust');
  assert.match(campaign.content!.html, /\*\|UNSUB\|\*/);
  assert.match(campaign.content!.plain_text, /\*\|UNSUB\|\*/);
  assert.match(campaign.content!.html, /<html lang="de"/);
  // Its links to the site name the edition by Mailchimp's id; Mailchimp's unsubscribe link does not.
  const edition = `utm_source=newsletter&utm_campaign=newsletter-mc-${campaign.id.toLowerCase()}`;
  const siteLinks = [...campaign.content!.plain_text.matchAll(/https:\/\/charity\.example\S*/g)].map((m) => m[0]);
  assert.ok(siteLinks.length >= 2 && siteLinks.every((l) => l.includes(edition)), siteLinks.join('\n'));
  assert.match(campaign.content!.html, new RegExp(`href="https://charity\\.example/de/news/[^"]+\\?${edition.replace('&', '&amp;')}"`));
  assert.match(campaign.content!.html, /href="\*\|UNSUB\|\*"/);
  assert.deepEqual(
    mc.requests.map((r) => `${r.method} ${r.path}`),
    ['POST /3.0/campaigns', `PUT /3.0/campaigns/${campaign.id}/content`],
  );

  const sent = await request(h.app).post(`/api/admin/newsletter/send/${campaign.id}`).set(ADMIN);
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  assert.equal(sent.body.campaignId, campaign.id);
  assert.equal(campaign.status, 'sent');
  assert.equal(mc.requests.at(-1)!.path, `/3.0/campaigns/${campaign.id}/actions/send`);
  assert.equal((await request(h.app).post(`/api/admin/newsletter/send/${campaign.id}`).set(ADMIN)).status, 409);

  // English editions go to everyone who did not choose German.
  const en = await request(h.app)
    .post('/api/admin/newsletter/generate')
    .set(ADMIN)
    .send({ subject: 'News', language: 'en', selectedNews: [1] })
    .expect(200);
  const enCampaign = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(en.body.newsletterData).expect(201);
  assert.deepEqual(mc.campaigns.get(enCampaign.body.campaignId)!.body.recipients.segment_opts.conditions[0].op, 'not');
});

test('campaign errors from Mailchimp are reported clearly', async () => {
  assert.equal((await request(h.app).post('/api/admin/newsletter/send/unknown123').set(ADMIN)).status, 404);
  mc.outage = '500';
  const generated = await request(h.app).post('/api/admin/newsletter/generate').set(ADMIN).send({ subject: 'X', selectedNews: [1] }).expect(200);
  const res = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(generated.body.newsletterData);
  assert.equal(res.status, 503);
  assert.match(res.body.error, /not reachable/);
});

// The newsletter without Mailchimp: local subscribers, double opt-in through the outbox, the
// confirmation and unsubscribe pages whose GET changes nothing (mail scanners) and their buttons,
// RFC 8058 one-click unsubscribe, a sent newsletter, rate limiting.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp, until } from '../helpers';
import type { AppHandle } from '../../app';
import { outboxFor } from '../../models/providers/mail';
import { startFakeSmtp } from '../fakes/smtp';
import { consentHistory, findSubscriberByEmail, hashToken } from '../../models/newsletter/subscriber';
import { SUBSCRIBE_LIMIT } from '../../controllers/newsletter';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };
let h: AppHandle;

before(async () => {
  h = await testApp({ PUBLIC_URL: 'https://charity.example' });
});
after(async () => {
  await h.close();
});

// Each test comes from its own address so the per-address limiter never gets in the way.
let ip = 0;
const subscribe = (body: object) =>
  request(h.app)
    .post('/api/newsletter/subscribe')
    .set('X-Forwarded-For', `10.0.0.${++ip}`)
    .send(body);

/** The path and query of the first link in the newest mail to an address that matches. */
async function linkIn(email: string, pattern: RegExp): Promise<string> {
  const [mail] = await outboxFor(h.deps.db, email);
  assert.ok(mail, `no mail to ${email}`);
  const found = mail.textBody.match(pattern);
  assert.ok(found, `no link ${pattern} in: ${mail.textBody}`);
  const url = new URL(found[0]);
  assert.equal(url.origin, 'https://charity.example', 'links use PUBLIC_URL');
  return url.pathname + url.search;
}

const ORIGIN = { Origin: 'https://charity.example' };
const tokenIn = (path: string) => new URLSearchParams(path.split('?')[1]).get('token')!;

/** Presses the button of a link's page: a form POST from our own page to the same address. */
const press = (path: string, headers: Record<string, string> = ORIGIN) =>
  request(h.app).post(path.split('?')[0]!).set(headers).type('form').send({ token: tokenIn(path) });

/** Subscribes and confirms as a person does: open the link, press the button. */
async function subscribeAndConfirm(email: string, language: 'en' | 'de' = 'en'): Promise<void> {
  await subscribe({ email, language });
  const path = await linkIn(email, /https:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/);
  await request(h.app).get(path).expect(200);
  await press(path).expect(200);
}

test('the address is validated on the server', async () => {
  const empty = await subscribe({ email: '' });
  assert.equal(empty.status, 400);
  assert.equal(empty.body.error, 'Please enter your email address');
  const bad = await subscribe({ email: 'not-an-address' });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error, 'Please enter a valid email address');
  const badDe = await subscribe({ email: 'kein@', language: 'de' });
  assert.equal(badDe.status, 400);
  assert.equal(badDe.body.error, 'Bitte geben Sie eine gültige E-Mail-Adresse ein');
  const wrongType = await subscribe({ email: ['a@b.ch'] });
  assert.equal(wrongType.status, 400);
  assert.ok(wrongType.body.error);
});

test('double opt-in: pending, confirmation link in the outbox, confirm page, then already subscribed', async () => {
  const email = 'Reader.One@Example.org';
  const res = await subscribe({ email, language: 'en' });
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { status: 'pending_confirmation' });

  const mails = await outboxFor(h.deps.db, 'reader.one@example.org');
  assert.equal(mails.length, 1);
  assert.match(mails[0]!.subject, /confirm your subscription/);
  assert.match(mails[0]!.htmlBody ?? '', /<table role="presentation"/);
  const confirmPath = await linkIn('reader.one@example.org', /https:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/);
  assert.ok(confirmPath.startsWith('/newsletter/confirm?token='));
  assert.ok((mails[0]!.htmlBody ?? '').includes(`href="https://charity.example${confirmPath}"`), 'the HTML part links to the same address');

  // Only the token's hash is stored.
  const token = new URLSearchParams(confirmPath.split('?')[1]).get('token')!;
  const row = await h.deps.db('newsletter_subscribers').where({ email: 'reader.one@example.org' }).first();
  assert.equal(row.status, 'pending');
  assert.equal(row.confirmTokenHash, hashToken(token));
  assert.ok(!JSON.stringify(row).includes(token));

  // Asking again right away sends no second mail (no mail bombing) but answers the same.
  const again = await subscribe({ email });
  assert.equal(again.body.status, 'pending_confirmation');
  assert.equal((await outboxFor(h.deps.db, 'reader.one@example.org')).length, 1);

  // A mail scanner opens the link first, perhaps several times: a page with one button, nothing confirmed.
  for (let i = 0; i < 3; i++) {
    const page = await request(h.app).get(confirmPath);
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'], /html/);
    assert.match(page.text, /<html lang="en">/);
    assert.match(page.text, /<h1>Please confirm your subscription<\/h1>/);
    assert.match(page.text, /reader\.one@example\.org/);
    assert.match(page.text, /<meta name="robots" content="noindex"\/?>/);
    assert.match(page.text, /<form method="post" action="\/newsletter\/confirm"/);
    assert.match(page.text, new RegExp(`<input type="hidden" name="token" value="${token}">`));
    assert.match(page.text, />Confirm my subscription<\/button>/);
    assert.match(page.text, /mail scanner/i);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.equal(page.headers['referrer-policy'], 'same-origin');
  }
  assert.equal((await findSubscriberByEmail(h.deps.db, email))?.status, 'pending', 'opening the link confirms nothing');

  // The person presses the button.
  const confirmed = await press(confirmPath);
  assert.equal(confirmed.status, 200);
  assert.match(confirmed.text, /<h1>Subscription confirmed<\/h1>/);
  assert.equal(confirmed.headers['cache-control'], 'no-store');

  // The link works once: its page says so at once, and pressing again changes nothing.
  const reused = await request(h.app).get(confirmPath);
  assert.equal(reused.status, 400);
  assert.match(reused.text, /This link is no longer valid/);
  assert.match(reused.text, /href="\/#newsletter-email">Subscribe again</);
  assert.doesNotMatch(reused.text, /<form/);
  assert.equal((await press(confirmPath)).status, 400);

  const already = await subscribe({ email: 'reader.one@example.org' });
  assert.deepEqual(already.body, { status: 'already_subscribed' });

  // The consent record: when, how, which form, which language, what was agreed to.
  const subscriber = (await findSubscriberByEmail(h.deps.db, email))!;
  assert.equal(subscriber.status, 'subscribed');
  assert.equal(subscriber.consentForm, 'footer');
  assert.equal(subscriber.consentSource, 'double-opt-in');
  assert.equal(subscriber.language, 'en');
  assert.ok(subscriber.consentAt && subscriber.confirmedAt);
  assert.match(subscriber.consentText ?? '', /unsubscribe at any time/);
  const events = await consentHistory(h.deps.db, subscriber.id);
  assert.deepEqual(events.map((e) => e.event), ['requested', 'confirmed']);
  assert.equal(events[1]!.method, 'confirmation-link');
});

test('German subscribers get German mail and German pages', async () => {
  const res = await subscribe({ email: 'leserin@example.ch', language: 'de' });
  assert.equal(res.body.status, 'pending_confirmation');
  const [mail] = await outboxFor(h.deps.db, 'leserin@example.ch');
  assert.match(mail!.subject, /Bitte bestätigen Sie Ihr Abonnement/);
  const confirmPath = await linkIn('leserin@example.ch', /https:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/);
  assert.ok(confirmPath.startsWith('/de/newsletter/confirm?token='));
  const page = await request(h.app).get(confirmPath);
  assert.match(page.text, /<html lang="de">/);
  assert.match(page.text, /<h1>Bitte bestätigen Sie Ihr Abonnement<\/h1>/);
  assert.match(page.text, /<form method="post" action="\/de\/newsletter\/confirm"/);
  assert.match(page.text, />Abonnement bestätigen<\/button>/);
  assert.match(page.text, /E-Mail-Scanner/);
  const done = await press(confirmPath);
  assert.match(done.text, /<html lang="de">/);
  assert.match(done.text, /Abonnement bestätigt/);
  assert.match(done.text, /Zurück zur Website/);
  const row = await findSubscriberByEmail(h.deps.db, 'leserin@example.ch');
  assert.equal(row?.language, 'de');
});

test('an expired or unknown confirmation link is refused', async () => {
  await subscribe({ email: 'late@example.org' });
  const path = await linkIn('late@example.org', /https:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/);
  await h.deps.db('newsletter_subscribers').where({ email: 'late@example.org' }).update({ confirmExpiresAt: new Date(Date.now() - 1000) });
  assert.equal((await request(h.app).get(path)).status, 400);
  assert.equal((await press(path)).status, 400);
  assert.equal((await findSubscriberByEmail(h.deps.db, 'late@example.org'))?.status, 'pending');
  assert.equal((await request(h.app).get('/newsletter/confirm?token=nope')).status, 400);
  assert.equal((await press('/newsletter/confirm?token=nope')).status, 400);
  assert.equal((await request(h.app).get('/newsletter/confirm')).status, 400);
  assert.equal((await request(h.app).get('/newsletter/confirm?token=a&token=b')).status, 400);
  assert.equal((await request(h.app).post('/newsletter/confirm').set(ORIGIN).type('form').send({})).status, 400);
  const de = await request(h.app).get('/de/newsletter/confirm?token=x');
  assert.match(de.text, /Dieser Link ist nicht mehr gültig/);
  assert.match(de.text, /href="\/de#newsletter-email">Erneut abonnieren</);
});

test('a sent newsletter arrives, its unsubscribe link shows a page whose button unsubscribes, and coming back needs a new confirmation', async () => {
  const email = 'follower@example.org';
  await subscribeAndConfirm(email);

  const generated = await request(h.app)
    .post('/api/admin/newsletter/generate')
    .set(ADMIN)
    .send({ subject: 'Light in the villages', previewText: 'Solar news', language: 'en', selectedNews: [1], selectedProjects: [1] })
    .expect(200);
  const created = await request(h.app).post('/api/admin/newsletter/create-campaign').set(ADMIN).send(generated.body.newsletterData).expect(201);
  const sent = await request(h.app).post(`/api/admin/newsletter/send/${created.body.campaignId}`).set(ADMIN).expect(202);
  assert.ok(sent.body.progress.total >= 1);
  await h.deps.jobs.idle();

  const [newsletter] = await outboxFor(h.deps.db, email);
  assert.equal(newsletter!.subject, 'Light in the villages');
  assert.match(newsletter!.htmlBody ?? '', /Light in the villages/);
  assert.doesNotMatch(newsletter!.htmlBody ?? '', /%%UNSUBSCRIBE_URL%%/);
  const unsubscribePath = await linkIn(email, /https:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/);
  assert.ok((newsletter!.htmlBody ?? '').includes(`https://charity.example${unsubscribePath}`), 'the HTML part has the same link');

  // A scanner opening the link (several times) unsubscribes nobody: a page with one button.
  for (let i = 0; i < 3; i++) {
    const page = await request(h.app).get(unsubscribePath);
    assert.equal(page.status, 200);
    assert.match(page.text, /<h1>Unsubscribe from the newsletter<\/h1>/);
    assert.match(page.text, /follower@example\.org/);
    assert.match(page.text, /<form method="post" action="\/newsletter\/unsubscribe"/);
    assert.match(page.text, />Unsubscribe<\/button>/);
    assert.match(page.text, /<meta name="robots" content="noindex"\/?>/);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.equal(page.headers['referrer-policy'], 'same-origin');
  }
  assert.equal((await findSubscriberByEmail(h.deps.db, email))?.status, 'subscribed');

  const left = await press(unsubscribePath);
  assert.equal(left.status, 200);
  assert.match(left.text, /You have been unsubscribed/);
  assert.equal((await findSubscriberByEmail(h.deps.db, email))?.status, 'unsubscribed');
  // Opening the link or pressing again shows the same friendly page.
  const reopened = await request(h.app).get(unsubscribePath);
  assert.equal(reopened.status, 200);
  assert.match(reopened.text, /You have been unsubscribed/);
  assert.doesNotMatch(reopened.text, /<form/);
  assert.equal((await press(unsubscribePath)).status, 200);
  const subscriber = (await findSubscriberByEmail(h.deps.db, email))!;
  const events = await consentHistory(h.deps.db, subscriber.id);
  assert.deepEqual(events.map((e) => e.event), ['requested', 'confirmed', 'unsubscribed']);
  assert.equal(events[2]!.method, 'unsubscribe-link');

  const back = await subscribe({ email });
  assert.deepEqual(back.body, { status: 'resubscribed_pending' });
  const [confirmation] = await outboxFor(h.deps.db, email);
  assert.match(confirmation!.subject, /confirm your subscription/);
});

test('mail programs can unsubscribe with one POST (RFC 8058), from their own servers', async () => {
  const email = 'oneclick@example.org';
  await subscribeAndConfirm(email);
  const { unsubscribeToken } = (await findSubscriberByEmail(h.deps.db, email))!;
  // What Gmail, Outlook and others send for List-Unsubscribe-Post: no Origin, no Fetch Metadata.
  const res = await request(h.app).post(`/newsletter/unsubscribe?token=${unsubscribeToken}`).type('form').send('List-Unsubscribe=One-Click');
  assert.equal(res.status, 200);
  assert.match(res.text, /You have been unsubscribed/);
  const subscriber = (await findSubscriberByEmail(h.deps.db, email))!;
  assert.equal(subscriber.status, 'unsubscribed');
  assert.equal((await consentHistory(h.deps.db, subscriber.id)).at(-1)!.method, 'one-click-header');

  // RFC 8058 allows multipart/form-data too.
  await subscribeAndConfirm('multipart@example.org', 'de');
  const other = (await findSubscriberByEmail(h.deps.db, 'multipart@example.org'))!;
  const multipart = await request(h.app).post(`/de/newsletter/unsubscribe?token=${other.unsubscribeToken}`).field('List-Unsubscribe', 'One-Click');
  assert.equal(multipart.status, 200);
  assert.match(multipart.text, /Sie wurden abgemeldet/);
  assert.equal((await findSubscriberByEmail(h.deps.db, 'multipart@example.org'))?.status, 'unsubscribed');
  // A file in that body is not what a mail program sends: refused, nothing else happens.
  const withFile = await request(h.app).post(`/newsletter/unsubscribe?token=${other.unsubscribeToken}`).attach('file', Buffer.from('x'), 'x.txt');
  assert.equal(withFile.status, 400);

  const unknown = await request(h.app).get('/de/newsletter/unsubscribe?token=unknown');
  assert.equal(unknown.status, 400);
  assert.match(unknown.text, /Abmeldelink nicht erkannt/);
  assert.match(unknown.text, /href="mailto:info@example\.org">Schreiben Sie uns</);
  const unknownPost = await request(h.app).post('/newsletter/unsubscribe?token=unknown').type('form').send('List-Unsubscribe=One-Click');
  assert.equal(unknownPost.status, 400);
});

test('the buttons of the confirm and unsubscribe pages are refused from another site', async () => {
  await subscribe({ email: 'target@example.org' });
  const confirmPath = await linkIn('target@example.org', /https:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/);
  const foreign: Record<string, string>[] = [{ Origin: 'https://evil.example' }, { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }, { Referer: 'https://evil.example/' }, {}];
  for (const headers of foreign) {
    const res = await press(confirmPath, headers);
    assert.equal(res.status, 403, JSON.stringify(headers));
    assert.match(res.text, /Nothing was changed/);
  }
  assert.equal((await findSubscriberByEmail(h.deps.db, 'target@example.org'))?.status, 'pending');
  // From our own page: Origin: null with Fetch Metadata saying same-origin (a privacy setting).
  assert.equal((await press(confirmPath, { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' })).status, 200);

  const { unsubscribeToken } = (await findSubscriberByEmail(h.deps.db, 'target@example.org'))!;
  const unsubscribePath = `/de/newsletter/unsubscribe?token=${unsubscribeToken}`;
  const refused = await press(unsubscribePath, { Origin: 'https://evil.example' });
  assert.equal(refused.status, 403);
  assert.match(refused.text, /<html lang="de">/);
  assert.match(refused.text, /Es wurde nichts geändert/);
  // Without the one-click body a POST is the page's button, and needs our origin.
  assert.equal((await request(h.app).post(unsubscribePath).type('form').send('List-Unsubscribe=Something')).status, 403);
  assert.equal((await findSubscriberByEmail(h.deps.db, 'target@example.org'))?.status, 'subscribed');
});

test('when the mail server is down, the subscription is kept and the confirmation goes out once it is back', async () => {
  const smtp = await startFakeSmtp();
  const app = await testApp({ PUBLIC_URL: 'https://charity.example', SMTP_URL: smtp.url });
  try {
    await smtp.setMode('down');
    const res = await request(app.app).post('/api/newsletter/subscribe').set('X-Forwarded-For', '10.9.9.9').send({ email: 'unlucky@example.org', language: 'en' });
    // The visitor never waits for the mail server: the mail is queued.
    assert.deepEqual(res.body, { status: 'pending_confirmation' });
    await until(async () => (await app.deps.db('outbox').where({ toAddress: 'unlucky@example.org' }).first())?.attempts >= 1, 'a first attempt');
    assert.equal(smtp.to('unlucky@example.org').length, 0);
    await smtp.setMode('ok');
    await until(async () => smtp.to('unlucky@example.org').length === 1, 'the retried confirmation', 20_000);
    const [mail] = smtp.to('unlucky@example.org');
    assert.match(mail!.text, /https:\/\/charity\.example\/newsletter\/confirm\?token=[\w-]+/);
    await until(async () => (await app.deps.db('outbox').where({ toAddress: 'unlucky@example.org' }).first()).status === 'sent', 'the outbox row marked sent');
    // Asking again within ten minutes sends no second mail.
    await request(app.app).post('/api/newsletter/subscribe').set('X-Forwarded-For', '10.9.9.9').send({ email: 'unlucky@example.org', language: 'en' });
    await app.deps.jobs.idle();
    assert.equal(smtp.to('unlucky@example.org').length, 1);
  } finally {
    await app.close();
    await smtp.close();
  }
});

test('a form posted without JavaScript gets a page back in its language', async () => {
  const res = await request(h.app)
    .post('/api/newsletter/subscribe')
    .set('X-Forwarded-For', '10.0.1.1')
    .set('Accept', 'text/html')
    .set('Referer', 'https://charity.example/de/projects')
    .type('form')
    .send('email=nojs%40example.org');
  assert.equal(res.status, 200);
  assert.match(res.text, /Fast geschafft!/);
  assert.equal((await findSubscriberByEmail(h.deps.db, 'nojs@example.org'))?.language, 'de');
});

test('subscriptions are rate limited per address with a JSON 429', async () => {
  const from = () => request(h.app).post('/api/newsletter/subscribe').set('X-Forwarded-For', '10.9.9.9');
  for (let i = 0; i < SUBSCRIBE_LIMIT; i++) {
    const res = await from().send({ email: `burst${i}@example.org` });
    assert.equal(res.status, 200);
  }
  const limited = await from().send({ email: 'burst-last@example.org' });
  assert.equal(limited.status, 429);
  assert.match(limited.headers['content-type'], /json/);
  assert.match(limited.body.error, /Too many attempts/);
});

test('site SVG images are served as PNG for e-mails, nothing else', async () => {
  const png = await request(h.app).get('/newsletter/images/social/thank-you.png').expect(200);
  assert.equal(png.headers['content-type'], 'image/png');
  assert.equal(png.headers['cross-origin-resource-policy'], 'cross-origin');
  assert.deepEqual([...png.body.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.equal((await request(h.app).get('/newsletter/images/social/missing.png')).status, 404);
  assert.equal((await request(h.app).get('/newsletter/images/..%2F..%2Fconfig.png')).status, 404);
  assert.equal((await request(h.app).get('/newsletter/images/social/thank-you.svg')).status, 404);
});

test('a browser without Fetch Metadata (older Safari) can press the button: our Origin is enough', async () => {
  await subscribe({ email: 'old.safari@example.org' });
  const confirmPath = await linkIn('old.safari@example.org', /https:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/);
  const page = await request(h.app).get(confirmPath).expect(200);
  assert.equal(page.headers['referrer-policy'], 'same-origin', 'the POST from this page carries our Origin');
  const res = await press(confirmPath, { Origin: 'https://charity.example' });
  assert.equal(res.status, 200);
  assert.equal((await findSubscriberByEmail(h.deps.db, 'old.safari@example.org'))?.status, 'subscribed');
});

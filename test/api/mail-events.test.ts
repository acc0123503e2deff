// POST /api/mail-events/:provider (controllers/mail-events.ts, models/people/mail-events.ts): each
// provider's documented sample payloads (Postmark, Amazon SES through SNS, Mailgun, Brevo) record
// the right kinds of event and suppress the address; missing or wrong credentials, forged
// signatures, a stale or replayed Mailgun signature, an SNS certificate on a host that is not
// SNS's and a topic that is not ours are refused with a 401 and record nothing; an SNS subscription
// is confirmed against a local fake of SNS; the same event at two instances is recorded once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp, twoInstances } from '../helpers';
import { startFakeSns, type FakeSns } from '../fakes/sns';
import { isSuppressed } from '../../models/people/mail-suppression';

const TOPIC = 'arn:aws:sns:us-east-1:123456789012:ses-feedback';
const PM = { user: 'postmark-hooks', password: 'pm-hook-password-0123456789' };
const MAILGUN_KEY = 'mailgun-signing-key-0123456789abcdef';
const BREVO_TOKEN = 'brevo-hook-token-0123456789abcdef';
const env = (sns: FakeSns) => ({
  POSTMARK_WEBHOOK_USER: PM.user,
  POSTMARK_WEBHOOK_PASSWORD: PM.password,
  SES_SNS_TOPIC_ARN: TOPIC,
  SNS_TEST_URL_PREFIX: sns.prefix,
  MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
  BREVO_WEBHOOK_TOKEN: BREVO_TOKEN,
});
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

// ---- The providers' documented samples (addresses changed per test)

// postmarkapp.com/developer/webhooks/bounce-webhook, spam-complaint-webhook, delivery-webhook
const postmarkBounce = (email: string, type = 'HardBounce', id = 4323372036854775807) => ({
  RecordType: 'Bounce', MessageStream: 'outbound', ID: id, Type: type, TypeCode: 1, Name: 'Hard bounce', Tag: 'Test',
  MessageID: '883953f4-6105-42a2-a16a-77a8eac79483', Metadata: { a_key: 'a_value', b_key: 'b_value' }, ServerID: 23,
  Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).', Details: 'Test bounce details',
  Email: email, From: 'sender@example.com', BouncedAt: '2019-11-05T16:33:54.9070259Z', DumpAvailable: true, Inactive: true, CanActivate: true, Subject: 'Test subject', Content: '<Full dump of bounce>',
});
const postmarkComplaint = (email: string) => ({
  RecordType: 'SpamComplaint', MessageStream: 'outbound', ID: 42, Type: 'SpamComplaint', TypeCode: 100001, Name: 'Spam complaint', Tag: 'Test',
  MessageID: '00000000-0000-0000-0000-000000000000', Metadata: { a_key: 'a_value' }, ServerID: 1234, Description: '', Details: 'Test spam complaint details',
  Email: email, From: 'sender@example.com', BouncedAt: '2019-11-05T16:33:54.9070259Z', DumpAvailable: true, Inactive: true, CanActivate: false, Subject: 'Test subject', Content: '<Abuse report dump>',
});
const postmarkDelivery = (email: string) => ({
  RecordType: 'Delivery', ServerID: 23, MessageStream: 'outbound', MessageID: '00000000-0000-0000-0000-000000000000', Recipient: email, Tag: 'welcome-email',
  DeliveredAt: '2019-11-05T16:33:54.9070259Z', Details: 'Test delivery webhook details', Metadata: { a_key: 'a_value' },
});

// docs.aws.amazon.com/ses/latest/dg/notification-examples.html (and event publishing's eventType)
const sesMail = { timestamp: '2016-01-27T14:59:38.237Z', source: 'john@example.com', sourceArn: 'arn:aws:ses:us-east-1:888888888888:identity/example.com', sourceIp: '127.0.3.0', sendingAccountId: '123456789012', messageId: '00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa0680-000000', destination: ['jane@example.com', 'mary@example.com', 'richard@example.com'] };
const sesBounce = (emails: string[], bounceType = 'Permanent', key: 'notificationType' | 'eventType' = 'notificationType') => ({
  [key]: 'Bounce',
  bounce: {
    bounceType, reportingMTA: 'dns; email.example.com', bounceSubType: 'General', timestamp: '2016-01-27T14:59:38.237Z', feedbackId: '00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa068a-000000', remoteMtaIp: '127.0.2.0',
    bouncedRecipients: emails.map((emailAddress) => ({ emailAddress, status: '5.1.1', action: 'failed', diagnosticCode: `smtp; 550 5.1.1 <${emailAddress}>... User` })),
  },
  mail: sesMail,
});
const sesComplaint = (email: string) => ({
  notificationType: 'Complaint',
  complaint: { userAgent: 'AnyCompany Feedback Loop (V0.01)', complainedRecipients: [{ emailAddress: email }], complaintFeedbackType: 'abuse', arrivalDate: '2016-01-27T14:59:38.237Z', timestamp: '2016-01-27T14:59:38.237Z', feedbackId: '000001378603177f-18c07c78-fa81-4a58-9dd1-fedc3cb8f49a-000000' },
  mail: sesMail,
});
const sesDelivery = (email: string) => ({
  notificationType: 'Delivery',
  mail: sesMail,
  delivery: { timestamp: '2014-05-28T22:41:01.184Z', processingTimeMillis: 546, recipients: [email], smtpResponse: '250 ok:  Message 64111812 accepted', reportingMTA: 'a8-70.smtp-out.amazonses.com', remoteMtaIp: '127.0.2.0' },
});
const notification = (message: unknown, messageId = crypto.randomUUID()) => ({
  Type: 'Notification', MessageId: messageId, TopicArn: TOPIC, Message: JSON.stringify(message), Timestamp: '2016-01-27T14:59:38.237Z', UnsubscribeURL: 'https://sns.us-east-1.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=x',
});

// documentation.mailgun.com/docs/mailgun/user-manual/webhooks/webhook-payloads
const mailgunData = {
  permanent: (recipient: string) => ({
    id: 'G9Bn5sl1TC6nu79C8C0bwg', timestamp: 1521233195.375624, 'log-level': 'error', event: 'failed', severity: 'permanent', reason: 'suppress-bounce',
    envelope: { sender: 'bob@sandbox.mailgun.org', transport: 'smtp', targets: recipient }, flags: { 'is-routed': false, 'is-authenticated': true, 'is-system-test': false, 'is-test-mode': false },
    'delivery-status': { 'attempt-no': 1, message: '', code: 605, description: 'Not delivering to previously bounced address', 'session-seconds': 0.0 },
    message: { headers: { to: `Alice <${recipient}>`, 'message-id': '20130503182626.18666.16540@sandbox.mailgun.org', from: 'Bob <bob@sandbox.mailgun.org>', subject: 'Test permanent_fail webhook' }, attachments: [], size: 111 },
    recipient, campaigns: [], 'user-variables': { 'my_var_1': 'Mailgun Variable #1' },
  }),
  temporary: (recipient: string, messageId: string) => ({
    id: crypto.randomUUID(), timestamp: 1521472262.908181, 'log-level': 'warn', event: 'failed', severity: 'temporary', reason: 'generic',
    'delivery-status': { 'attempt-no': 1, message: '4.2.2 The email account that you tried to reach is over quota.', code: 452, description: '', 'session-seconds': 0.5 },
    message: { headers: { to: recipient, 'message-id': messageId, from: 'Bob <bob@sandbox.mailgun.org>', subject: 'Test temporary_fail webhook' }, attachments: [], size: 111 },
    recipient,
  }),
  complained: (recipient: string) => ({
    id: '-Agny091SquKnsrW2NEKUA', timestamp: 1521233123.501324, 'log-level': 'warn', event: 'complained', envelope: { 'sending-ip': '173.193.210.33' }, flags: { 'is-test-mode': false },
    message: { headers: { to: `Alice <${recipient}>`, 'message-id': '20110215055645.25246.63817@sandbox.mailgun.org', from: 'Bob <bob@sandbox.mailgun.org>', subject: 'Test complained webhook' }, attachments: [], size: 111 },
    recipient, campaigns: [],
  }),
  delivered: (recipient: string) => ({
    id: 'CPgfbmQMTCKtHW6uIWtuVe', timestamp: 1521472262.908181, 'log-level': 'info', event: 'delivered',
    'delivery-status': { tls: true, 'mx-host': 'smtp-in.example.com', code: 250, description: '', 'session-seconds': 0.43, utf8: true, 'attempt-no': 1, message: 'OK', 'certificate-verified': true },
    message: { headers: { to: recipient, 'message-id': '20130503182626.18666.16540@sandbox.mailgun.org', from: 'bob@sandbox.mailgun.org', subject: 'Test delivered webhook' }, attachments: [], size: 111 },
    recipient,
  }),
};
const mailgunSigned = (eventData: unknown, options: { key?: string; timestamp?: number; token?: string } = {}) => {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = options.token ?? crypto.randomBytes(25).toString('hex');
  const signature = crypto.createHmac('sha256', options.key ?? MAILGUN_KEY).update(timestamp + token).digest('hex');
  return { signature: { token, timestamp, signature }, 'event-data': eventData };
};

// developers.brevo.com/docs/transactional-webhooks
const brevo = (event: string, email: string, messageId = `<${crypto.randomUUID()}@relay.domain.com>`) => ({
  event, email, id: 26224, date: '2020-10-09 00:00:00', ts: 1604933619, 'message-id': messageId, ts_event: 1604933654, subject: 'My first Transactional',
  'X-Mailin-custom': 'some_custom_header', template_id: 22, tag: '["transactionalTag"]', sending_ip: '185.41.28.109', ts_epoch: 1604933654223, tags: ['myFirstTransactional'],
  ...(event.endsWith('bounce') ? { reason: `reason of ${event}` } : {}),
});

const kindsOf = async (h: AppHandle, address: string) => (await h.deps.db('mail_events').where({ address }).orderBy('id').pluck('kind')) as string[];
const eventCount = async (h: AppHandle) => Number(((await h.deps.db('mail_events').count({ n: '*' }).first()) as { n: number | string }).n);

describe('provider webhooks', () => {
  let sns: FakeSns;
  let h: AppHandle;
  before(async () => {
    sns = await startFakeSns();
    h = await testApp(env(sns), { worker: false });
  });
  after(async () => {
    await h?.close();
    await sns?.close();
  });

  const post = (provider: string) => request(h.app).post(`/api/mail-events/${provider}`);
  const postSns = (message: unknown) => post('ses').set('Content-Type', 'text/plain; charset=UTF-8').set('x-amz-sns-message-type', 'Notification').send(JSON.stringify(message));

  test('Postmark: bounce, spam complaint and delivery with the URL credentials; an auto-reply is ignored; wrong or missing credentials are refused', async () => {
    const auth = basic(PM.user, PM.password);
    const ok = await post('postmark').set('Authorization', auth).send(postmarkBounce('John@Example.com')).expect(200);
    assert.deepEqual(ok.body, { received: 1, recorded: 1 });
    await post('postmark').set('Authorization', auth).send(postmarkBounce('John@Example.com')).expect(200, { received: 1, recorded: 0 });
    await post('postmark').set('Authorization', auth).send(postmarkComplaint('spam.pm@example.com')).expect(200, { received: 1, recorded: 1 });
    await post('postmark').set('Authorization', auth).send(postmarkDelivery('fine.pm@example.com')).expect(200, { received: 1, recorded: 1 });
    await post('postmark').set('Authorization', auth).send(postmarkBounce('away.pm@example.com', 'AutoResponder')).expect(200, { received: 0, recorded: 0 });
    for (const [i, type] of ['Transient', 'SoftBounce', 'DnsError'].entries()) await post('postmark').set('Authorization', auth).send(postmarkBounce('full.pm@example.com', type, 100 + i)).expect(200);
    assert.deepEqual(await kindsOf(h, 'john@example.com'), ['hard_bounce']);
    assert.deepEqual(await kindsOf(h, 'spam.pm@example.com'), ['complaint']);
    assert.deepEqual(await kindsOf(h, 'fine.pm@example.com'), ['delivered']);
    assert.deepEqual(await kindsOf(h, 'full.pm@example.com'), ['soft_bounce', 'soft_bounce', 'soft_bounce']);
    for (const a of ['john@example.com', 'spam.pm@example.com', 'full.pm@example.com']) assert.equal(await isSuppressed(h.deps.db, a), true, a);
    assert.equal(await isSuppressed(h.deps.db, 'fine.pm@example.com'), false);

    const before = await eventCount(h);
    const refused = await post('postmark').send(postmarkBounce('nobody.pm@example.com')).expect(401);
    assert.equal(refused.body.code, 'mail_events.unauthenticated');
    assert.match(String(refused.headers['www-authenticate']), /^Basic/);
    await post('postmark').set('Authorization', basic(PM.user, 'wrong-password-0123456789')).send(postmarkBounce('nobody.pm@example.com')).expect(401);
    await post('postmark').set('Authorization', basic('someone', PM.password)).send(postmarkBounce('nobody.pm@example.com')).expect(401);
    await post('postmark').set('Authorization', `Bearer ${PM.password}`).send(postmarkBounce('nobody.pm@example.com')).expect(401);
    assert.equal(await eventCount(h), before, 'nothing recorded');
    // Authenticated, but not JSON of Postmark's.
    const bad = await post('postmark').set('Authorization', auth).set('Content-Type', 'application/json').send('{"RecordType":').expect(400);
    assert.equal(typeof bad.body.error, 'string');
    await post('postmark').set('Authorization', auth).send([1, 2]).expect(400);
  });

  test('Amazon SES through SNS: bounces (one event per recipient), complaints and deliveries, signature versions 1 and 2, notifications and event publishing', async () => {
    const bounce = sns.sign(notification(sesBounce(['jane.ses@example.com', 'Mary.SES@example.com'])), { version: '1' });
    await postSns(bounce).expect(200, { received: 2, recorded: 2 });
    await postSns(bounce).expect(200, { received: 2, recorded: 0 });
    await postSns(sns.sign(notification(sesComplaint('richard.ses@example.com')))).expect(200, { received: 1, recorded: 1 });
    await postSns(sns.sign(notification(sesDelivery('success.ses@example.com')))).expect(200, { received: 1, recorded: 1 });
    for (let i = 0; i < 3; i++) await postSns(sns.sign(notification(sesBounce(['quota.ses@example.com'], i === 1 ? 'Undetermined' : 'Transient', 'eventType')))).expect(200, { received: 1, recorded: 1 });
    // A message of another kind published to the topic: nothing to record, and no retry wanted.
    await postSns(sns.sign({ ...notification({}), Message: 'Hello from the console', Subject: 'Test' })).expect(200, { received: 0, recorded: 0 });
    assert.deepEqual(await kindsOf(h, 'jane.ses@example.com'), ['hard_bounce']);
    assert.deepEqual(await kindsOf(h, 'mary.ses@example.com'), ['hard_bounce']);
    assert.deepEqual(await kindsOf(h, 'richard.ses@example.com'), ['complaint']);
    assert.deepEqual(await kindsOf(h, 'success.ses@example.com'), ['delivered']);
    assert.deepEqual(await kindsOf(h, 'quota.ses@example.com'), ['soft_bounce', 'soft_bounce', 'soft_bounce']);
    for (const a of ['jane.ses@example.com', 'mary.ses@example.com', 'richard.ses@example.com', 'quota.ses@example.com']) assert.equal(await isSuppressed(h.deps.db, a), true, a);
    const row = await h.deps.db('mail_events').where({ address: 'jane.ses@example.com' }).first();
    assert.equal(row.source, 'ses');
    assert.equal(row.eventId, `${bounce.MessageId}:jane.ses@example.com`);
    assert.match(row.detail, /550 5\.1\.1/);
  });

  test('SNS: a signature by another key, a changed message, a certificate off SNS hosts, another topic and an unsigned message are refused; none is recorded', async () => {
    // The good certificate is fetched (and kept) here; after that nothing is fetched.
    await postSns(sns.sign(notification({}))).expect(200, { received: 0, recorded: 0 });
    const before = await eventCount(h);
    const requestsBefore = sns.requests.length;
    const other = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = await postSns(sns.sign(notification(sesBounce(['victim.ses@example.com'])), { key: other })).expect(401);
    assert.equal(forged.body.code, 'mail_events.unauthenticated');
    const changed = sns.sign(notification(sesBounce(['someone.ses@example.com'])));
    await postSns({ ...changed, Message: JSON.stringify(sesBounce(['victim.ses@example.com'])) }).expect(401);
    // The certificate's address is not fetched when it is not on an SNS host (nor the test prefix).
    const local = sns.prefix.replace('127.0.0.1', 'localhost');
    for (const certUrl of [`${local}SimpleNotificationService-test.pem`, 'https://sns.us-east-1.amazonaws.com.evil.example/cert.pem', 'http://sns.us-east-1.amazonaws.com/cert.pem', 'https://evil.example/sns.us-east-1.amazonaws.com/x.pem']) {
      const off = await postSns(sns.sign(notification(sesBounce(['victim.ses@example.com'])), { certUrl })).expect(401);
      assert.match(off.body.error, /not on an Amazon SNS host/);
    }
    assert.equal(sns.requests.length, requestsBefore, 'no certificate was fetched (the good one is cached, the others refused)');
    await postSns(sns.sign({ ...notification(sesBounce(['victim.ses@example.com'])), TopicArn: 'arn:aws:sns:us-east-1:999999999999:someone-elses' })).expect(401);
    const { Signature: _s, ...unsigned } = sns.sign(notification(sesBounce(['victim.ses@example.com'])));
    await postSns(unsigned).expect(401);
    assert.equal(await eventCount(h), before);
    assert.equal(await isSuppressed(h.deps.db, 'victim.ses@example.com'), false);
    // Not an SNS message at all.
    await post('ses').set('Content-Type', 'text/plain').send('not json').expect(400);
    await post('ses').send({ hello: 'world' }).expect(400);
  });

  test('SNS: a subscription to our topic is confirmed at its SubscribeURL; one to another topic is not', async () => {
    const confirmation = (topic: string, token: string) => ({
      Type: 'SubscriptionConfirmation', MessageId: crypto.randomUUID(), Token: token, TopicArn: topic,
      Message: `You have chosen to subscribe to the topic ${topic}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`,
      SubscribeURL: `${sns.prefix}confirm?Action=ConfirmSubscription&TopicArn=${encodeURIComponent(topic)}&Token=${token}`, Timestamp: '2012-04-26T20:45:04.751Z',
    });
    const ok = await postSns(sns.sign(confirmation(TOPIC, 'token-ours'))).expect(200);
    assert.equal(ok.body.confirmed, true);
    assert.deepEqual(sns.confirmed, ['token-ours']);
    await postSns(sns.sign(confirmation('arn:aws:sns:us-east-1:999999999999:theirs', 'token-theirs'))).expect(401);
    // A SubscribeURL off SNS's hosts is not visited, even signed.
    await postSns(sns.sign({ ...confirmation(TOPIC, 'token-elsewhere'), SubscribeURL: 'https://evil.example/confirm?Token=token-elsewhere' })).expect(401);
    assert.deepEqual(sns.confirmed, ['token-ours']);
  });

  test('Mailgun: permanent and temporary failures, complaints and deliveries; a temporary failure retried counts once per message', async () => {
    await post('mailgun').send(mailgunSigned(mailgunData.permanent('alice.mg@example.com'))).expect(200, { received: 1, recorded: 1 });
    await post('mailgun').send(mailgunSigned(mailgunData.complained('bob.mg@example.com'))).expect(200, { received: 1, recorded: 1 });
    await post('mailgun').send(mailgunSigned(mailgunData.delivered('carol.mg@example.com'))).expect(200, { received: 1, recorded: 1 });
    await post('mailgun').send(mailgunSigned({ ...mailgunData.delivered('carol.mg@example.com'), event: 'opened' })).expect(200, { received: 0, recorded: 0 });
    for (let i = 0; i < 3; i++) await post('mailgun').send(mailgunSigned(mailgunData.temporary('full.mg@example.com', 'same-message@sandbox.mailgun.org'))).expect(200);
    assert.deepEqual(await kindsOf(h, 'full.mg@example.com'), ['soft_bounce'], 'three attempts at one message');
    for (const m of ['second@sandbox.mailgun.org', 'third@sandbox.mailgun.org']) await post('mailgun').send(mailgunSigned(mailgunData.temporary('full.mg@example.com', m))).expect(200);
    assert.deepEqual(await kindsOf(h, 'alice.mg@example.com'), ['hard_bounce']);
    assert.deepEqual(await kindsOf(h, 'bob.mg@example.com'), ['complaint']);
    assert.deepEqual(await kindsOf(h, 'carol.mg@example.com'), ['delivered']);
    for (const a of ['alice.mg@example.com', 'bob.mg@example.com', 'full.mg@example.com']) assert.equal(await isSuppressed(h.deps.db, a), true, a);
  });

  test('Mailgun: a wrong key, a changed signature, a stale or future timestamp, a replayed token and an unsigned body are refused', async () => {
    const before = await eventCount(h);
    const victim = () => mailgunData.permanent('victim.mg@example.com');
    await post('mailgun').send(mailgunSigned(victim(), { key: 'another-key' })).expect(401);
    const signed = mailgunSigned(victim());
    await post('mailgun').send({ ...signed, signature: { ...signed.signature, signature: signed.signature.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) } }).expect(401);
    const stale = await post('mailgun').send(mailgunSigned(victim(), { timestamp: Math.floor(Date.now() / 1000) - 11 * 60 })).expect(401);
    assert.match(stale.body.error, /too old/);
    await post('mailgun').send(mailgunSigned(victim(), { timestamp: Math.floor(Date.now() / 1000) + 11 * 60 })).expect(401);
    await post('mailgun').send({ 'event-data': victim() }).expect(401);
    // A captured signature reused with another event: its token was accepted once already.
    const first = mailgunSigned(mailgunData.delivered('fine.mg@example.com'));
    await post('mailgun').send(first).expect(200, { received: 1, recorded: 1 });
    const replay = await post('mailgun').send({ ...first, 'event-data': victim() }).expect(401);
    assert.match(replay.body.error, /used before/);
    assert.equal(await eventCount(h), before + 1);
    assert.equal(await isSuppressed(h.deps.db, 'victim.mg@example.com'), false);
    await post('mailgun').set('Content-Type', 'application/json').send('{"signature":').expect(400);
  });

  test('Brevo: hard and soft bounces, invalid addresses, spam complaints, deliveries, one at a time or batched, with the bearer token or as the password of the URL; a wrong or missing token is refused', async () => {
    const auth = `Bearer ${BREVO_TOKEN}`;
    await post('brevo').set('Authorization', auth).send(brevo('hard_bounce', 'example.brevo@example.com')).expect(200, { received: 1, recorded: 1 });
    // The token as the password of the webhook URL (https://brevo:<token>@...), Brevo's other way.
    await post('brevo').set('Authorization', basic('brevo', BREVO_TOKEN)).send(brevo('spam', 'spam.brevo@example.com')).expect(200, { received: 1, recorded: 1 });
    await post('brevo').set('Authorization', auth).send(brevo('opened', 'spam.brevo@example.com')).expect(200, { received: 0, recorded: 0 });
    const batch = [brevo('delivered', 'fine.brevo@example.com'), brevo('invalid_email', 'typo.brevo@example.con'), ...[1, 2, 3].map(() => brevo('soft_bounce', 'full.brevo@example.com'))];
    await post('brevo').set('Authorization', auth).send(batch).expect(200, { received: 5, recorded: 5 });
    await post('brevo').set('Authorization', auth).send(batch).expect(200, { received: 5, recorded: 0 });
    assert.deepEqual(await kindsOf(h, 'example.brevo@example.com'), ['hard_bounce']);
    assert.deepEqual(await kindsOf(h, 'spam.brevo@example.com'), ['complaint']);
    assert.deepEqual(await kindsOf(h, 'fine.brevo@example.com'), ['delivered']);
    assert.deepEqual(await kindsOf(h, 'typo.brevo@example.con'), ['hard_bounce']);
    for (const a of ['example.brevo@example.com', 'spam.brevo@example.com', 'typo.brevo@example.con', 'full.brevo@example.com']) assert.equal(await isSuppressed(h.deps.db, a), true, a);

    const before = await eventCount(h);
    await post('brevo').send(brevo('hard_bounce', 'victim.brevo@example.com')).expect(401);
    await post('brevo').set('Authorization', 'Bearer not-the-token').send(brevo('hard_bounce', 'victim.brevo@example.com')).expect(401);
    await post('brevo').set('Authorization', basic('brevo', 'not-the-token')).send(brevo('hard_bounce', 'victim.brevo@example.com')).expect(401);
    await post('brevo').set('Authorization', `Bearer ${BREVO_TOKEN}x`).send(brevo('hard_bounce', 'victim.brevo@example.com')).expect(401);
    assert.equal(await eventCount(h), before);
    await post('brevo').set('Authorization', auth).send('"text"').set('Content-Type', 'application/json').expect(400);
  });

  test('an unknown provider is a 404', async () => {
    const res = await post('sendgrid').send({}).expect(404);
    assert.equal(res.body.code, 'not_found');
  });
});

describe('providers not set up', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({}, { worker: false });
  });
  after(() => h.close());

  test('each is refused with a 404 that names what to set', async () => {
    for (const [provider, variable] of [['postmark', 'POSTMARK_WEBHOOK_USER'], ['ses', 'SES_SNS_TOPIC_ARN'], ['mailgun', 'MAILGUN_WEBHOOK_SIGNING_KEY'], ['brevo', 'BREVO_WEBHOOK_TOKEN']] as const) {
      const res = await request(h.app).post(`/api/mail-events/${provider}`).set('Authorization', basic('a', 'b')).send({ RecordType: 'Bounce' }).expect(404);
      assert.equal(res.body.code, 'mail_events.not_configured');
      assert.match(res.body.error, new RegExp(`not set up on this site: set .*${variable}`));
    }
  });
});

describe('two instances', () => {
  let sns: FakeSns;
  let a: AppHandle;
  let b: AppHandle;
  let close: () => Promise<void> = async () => undefined;
  before(async () => {
    sns = await startFakeSns();
    ({ a, b, close } = await twoInstances('mail-events', env(sns)));
  });
  after(async () => {
    await close();
    await sns?.close();
  });

  test('the same bounce posted to both instances at once is recorded once; a Mailgun token is accepted by one of them', async () => {
    const bounce = sns.sign(notification(sesBounce(['both.ses@example.com'])));
    const answers = await Promise.all([a, b].map((h) => request(h.app).post('/api/mail-events/ses').set('Content-Type', 'text/plain').send(JSON.stringify(bounce)).expect(200)));
    assert.deepEqual(answers.map((r) => r.body.recorded).sort(), [0, 1]);
    assert.deepEqual(await kindsOf(a, 'both.ses@example.com'), ['hard_bounce']);
    assert.equal(await isSuppressed(b.deps.db, 'both.ses@example.com'), true);

    const signed = mailgunSigned(mailgunData.permanent('both.mg@example.com'));
    const statuses = (await Promise.all([a, b].map((h) => request(h.app).post('/api/mail-events/mailgun').send(signed)))).map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 401]);
    assert.deepEqual(await kindsOf(b, 'both.mg@example.com'), ['hard_bounce']);
  });
});

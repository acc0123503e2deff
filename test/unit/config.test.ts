import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, DEMO_ADMIN_KEY, loadConfig } from '../../config';

test('no environment at all gives a working demo configuration', () => {
  const c = loadConfig({});
  assert.equal(c.port, 5000);
  assert.match(c.databaseUrl, /^sqlite:.*charity\.sqlite3$/);
  assert.equal(c.publicUrl, 'http://localhost:5000');
  assert.deepEqual(c.adminKeys, [DEMO_ADMIN_KEY]);
  assert.equal(c.site.demoAdminKey, DEMO_ADMIN_KEY);
  assert.equal(c.site.stripePublishableKey, null);
});

test('PORT changes the port and the default public URL', () => {
  const c = loadConfig({ PORT: '8080' });
  assert.equal(c.port, 8080);
  assert.equal(c.publicUrl, 'http://localhost:8080');
});

test('bad configuration names the variable', () => {
  assert.throws(() => loadConfig({ PORT: 'abc' }), (e: Error) => e instanceof ConfigError && /PORT/.test(e.message));
  assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
  assert.throws(() => loadConfig({ PUBLIC_URL: 'not a url' }), /PUBLIC_URL/);
  assert.throws(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }), /STRIPE_PUBLISHABLE_KEY/);
});

test('production needs its own secrets and has no demo credentials', () => {
  assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /SESSION_SECRET/);
  assert.throws(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }), /ADMIN_KEYS/);
  const c = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), ADMIN_KEYS: 'k1, k2' });
  assert.deepEqual(c.adminKeys, ['k1', 'k2']);
  assert.deepEqual(c.adminEmails, []);
  assert.equal(c.site.demoAdminKey, null);
});

test('S3 storage: a bucket needs its credentials; region and prefix have defaults', () => {
  assert.equal(loadConfig({}).s3, undefined);
  assert.throws(() => loadConfig({ S3_BUCKET: 'media' }), (e: Error) => e instanceof ConfigError && /S3_ACCESS_KEY_ID/.test(e.message));
  assert.throws(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' }), /S3_SECRET_ACCESS_KEY/);
  assert.throws(() => loadConfig({ S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }), /S3_ACCESS_KEY_ID is set but S3_BUCKET is not/);
  assert.throws(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'not a url' }), /S3_ENDPOINT/);
  assert.throws(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'maybe' }), /S3_FORCE_PATH_STYLE/);
  const aws = loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
  assert.deepEqual(aws.s3, { bucket: 'media', endpoint: undefined, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: false, prefix: '' });
  const minio = loadConfig({
    S3_BUCKET: 'media',
    S3_ACCESS_KEY_ID: 'k',
    S3_SECRET_ACCESS_KEY: 's',
    S3_ENDPOINT: 'http://minio:9000',
    S3_REGION: 'eu-central-1',
    S3_FORCE_PATH_STYLE: '1',
    S3_PREFIX: '/charity/',
  });
  assert.equal(minio.s3?.endpoint, 'http://minio:9000');
  assert.equal(minio.s3?.region, 'eu-central-1');
  assert.equal(minio.s3?.forcePathStyle, true);
  assert.equal(minio.s3?.prefix, 'charity/');
});

test('DONATION_URL: the checkout by default, an http(s) address or a site path, anything else refused by name', () => {
  assert.equal(loadConfig({}).site.donationUrl, null);
  assert.equal(loadConfig({ DONATION_URL: '' }).site.donationUrl, null);
  assert.equal(loadConfig({ DONATION_URL: 'https://give.example.net/kuvaka' }).site.donationUrl, 'https://give.example.net/kuvaka');
  assert.equal(loadConfig({ DONATION_URL: ' /checkout?amount=50 ' }).site.donationUrl, '/checkout?amount=50');
  // An address on the site's own origin is a path of the site (same tab, the page's language).
  assert.equal(loadConfig({ PUBLIC_URL: 'https://www.example.org', DONATION_URL: 'https://www.example.org/checkout#form' }).site.donationUrl, '/checkout#form');
  const message = 'Invalid configuration: DONATION_URL must be an absolute http(s) address like https://donate.example.org/ or a path of this site starting with / like /checkout';
  for (const bad of ['donate', 'example.org/donate', 'ftp://example.org/donate', 'javascript:alert(1)', '//evil.example/donate', '/\\evil.example', 'https://', 'https://exa mple.org/']) {
    assert.throws(() => loadConfig({ DONATION_URL: bad }), (e: Error) => e instanceof ConfigError && e.message === message, bad);
  }
});

test('mail event webhooks: each provider set up by its variables; Postmark needs both credentials; the SNS test prefix never in production', () => {
  assert.deepEqual(loadConfig({}).mailEvents, { postmark: undefined, ses: undefined, mailgun: undefined, brevo: undefined });
  const c = loadConfig({ POSTMARK_WEBHOOK_USER: 'pm', POSTMARK_WEBHOOK_PASSWORD: 'p'.repeat(16), SES_SNS_TOPIC_ARN: 'arn:aws:sns:eu-central-1:123456789012:ses-feedback, arn:aws:sns:us-east-1:123456789012:other', MAILGUN_WEBHOOK_SIGNING_KEY: 'key', BREVO_WEBHOOK_TOKEN: 't'.repeat(16) });
  assert.deepEqual(c.mailEvents.ses, { topicArns: ['arn:aws:sns:eu-central-1:123456789012:ses-feedback', 'arn:aws:sns:us-east-1:123456789012:other'], testUrlPrefixes: [] });
  assert.deepEqual([c.mailEvents.postmark?.user, c.mailEvents.mailgun?.signingKey, c.mailEvents.brevo?.token], ['pm', 'key', 't'.repeat(16)]);
  const refused = (env: Record<string, string>, name: string) => assert.throws(() => loadConfig(env), (e: Error) => e instanceof ConfigError && e.message.includes(name), name);
  refused({ POSTMARK_WEBHOOK_USER: 'pm' }, 'POSTMARK_WEBHOOK_PASSWORD');
  refused({ POSTMARK_WEBHOOK_USER: 'pm', POSTMARK_WEBHOOK_PASSWORD: 'short' }, 'POSTMARK_WEBHOOK_PASSWORD');
  refused({ BREVO_WEBHOOK_TOKEN: 'short' }, 'BREVO_WEBHOOK_TOKEN');
  refused({ SES_SNS_TOPIC_ARN: 'ses-feedback' }, 'SES_SNS_TOPIC_ARN');
  refused({ SNS_TEST_URL_PREFIX: 'https://evil.example/' }, 'SNS_TEST_URL_PREFIX');
  refused({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), ADMIN_KEYS: 'k'.repeat(20), SNS_TEST_URL_PREFIX: 'http://127.0.0.1:4000/' }, 'SNS_TEST_URL_PREFIX');
});

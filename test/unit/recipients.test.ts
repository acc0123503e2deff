// The services the privacy notice names, from the configuration (models/site/recipients.ts), and
// the SMTP_PROVIDER / S3_PROVIDER settings that say who runs the mail server and the bucket.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../config';
import { recipientsOf } from '../../models/site/recipients';

const S3 = { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 's' };

test('nothing configured, nobody named', () => {
  assert.deepEqual(recipientsOf(loadConfig({})), []);
});

test('Stripe, Mailchimp and OpenAI are named only when configured, with their country and safeguard', () => {
  assert.deepEqual(recipientsOf(loadConfig({ STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' })), [{ service: 'stripe', name: 'Stripe', country: 'US', safeguard: 'dpf' }]);
  // A Mailchimp key without an audience sends nothing: not named.
  assert.deepEqual(recipientsOf(loadConfig({ MAILCHIMP_API_KEY: 'k-us1' })), []);
  assert.deepEqual(recipientsOf(loadConfig({ MAILCHIMP_API_KEY: 'k-us1', MAILCHIMP_AUDIENCE_ID: 'a' })), [{ service: 'mailchimp', name: 'Intuit Mailchimp', country: 'US', safeguard: 'dpf' }]);
  assert.deepEqual(recipientsOf(loadConfig({ OPENAI_API_KEY: 'sk' })), [{ service: 'openai', name: 'OpenAI', country: 'US', safeguard: 'scc' }]);
});

test('the mail server: as SMTP_PROVIDER says, else by its host name without a country', () => {
  assert.deepEqual(recipientsOf(loadConfig({ SMTP_URL: 'smtp://mail.example.net' })), [{ service: 'smtp', name: 'mail.example.net', country: null, safeguard: null }]);
  assert.deepEqual(recipientsOf(loadConfig({ SMTP_URL: 'smtp://m.example', SMTP_PROVIDER: 'Mail AG | ch' })), [{ service: 'smtp', name: 'Mail AG', country: 'CH', safeguard: null }]);
  // In the EEA: adequate protection; in the United States: the safeguard stated.
  assert.deepEqual(recipientsOf(loadConfig({ SMTP_URL: 'smtp://m.example', SMTP_PROVIDER: 'Mail GmbH|DE' })), [{ service: 'smtp', name: 'Mail GmbH', country: 'DE', safeguard: 'adequacy' }]);
  assert.deepEqual(recipientsOf(loadConfig({ SMTP_URL: 'smtp://m.example', SMTP_PROVIDER: 'Mail Inc | US | DPF' })), [{ service: 'smtp', name: 'Mail Inc', country: 'US', safeguard: 'dpf' }]);
});

test('the bucket: Amazon S3 by its region, another host as S3_PROVIDER says or by its name', () => {
  assert.deepEqual(recipientsOf(loadConfig({ ...S3, S3_REGION: 'eu-central-2' })), [{ service: 's3', name: 'Amazon Web Services', country: 'CH', safeguard: null }]);
  assert.deepEqual(recipientsOf(loadConfig({ ...S3, S3_REGION: 'eu-central-1' })), [{ service: 's3', name: 'Amazon Web Services', country: 'DE', safeguard: 'adequacy' }]);
  assert.deepEqual(recipientsOf(loadConfig({ ...S3 })), [{ service: 's3', name: 'Amazon Web Services', country: 'US', safeguard: 'dpf' }]);
  assert.deepEqual(recipientsOf(loadConfig({ ...S3, S3_ENDPOINT: 'https://s3.storage.example' })), [{ service: 's3', name: 's3.storage.example', country: null, safeguard: null }]);
  assert.deepEqual(recipientsOf(loadConfig({ ...S3, S3_ENDPOINT: 'https://s3.storage.example', S3_PROVIDER: 'Cloud SA | CH' })), [{ service: 's3', name: 'Cloud SA', country: 'CH', safeguard: null }]);
});

test('a provider setting that cannot be read is refused by name', () => {
  for (const bad of ['Mail AG', 'Mail AG | Switzerland', 'Mail AG | CH | trust', '| CH', 'A | CH | dpf | x']) {
    assert.throws(() => loadConfig({ SMTP_PROVIDER: bad }), /SMTP_PROVIDER must be "Name \| CC"/, bad);
  }
  assert.throws(() => loadConfig({ S3_PROVIDER: 'x' }), /S3_PROVIDER/);
  assert.equal(loadConfig({ SMTP_PROVIDER: '  ' }).providers.smtp, undefined);
});

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

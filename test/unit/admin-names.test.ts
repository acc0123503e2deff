// Named admins in the configuration: `Anna Muster <the-key>` and `Anna Muster <anna@example.org>`
// beside plain entries, clear errors for malformed ones, and the names the audit log shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, DEMO_ADMIN_KEY, loadConfig } from '../../config';
import { adminDisplayName, keyFingerprint, storedActorName } from '../../models/people/user';
import { groupSignIns, type AuditEntry } from '../../models/people/audit';

test('named and plain entries: the keys and addresses stay as before, the names are kept apart', () => {
  const c = loadConfig({ ADMIN_KEYS: 'Anna Muster <key-of-anna-123>, plain-key-456', ADMIN_EMAILS: 'Beat Brunner <Beat@Example.org>,carla@example.org' });
  assert.deepEqual(c.adminKeys, ['key-of-anna-123', 'plain-key-456']);
  assert.deepEqual(c.adminEmails, ['Beat@Example.org', 'carla@example.org']);
  assert.equal(adminDisplayName(c.adminNames, keyFingerprint('key-of-anna-123')), 'Anna Muster');
  // An unnamed key has no name to store: pages word "Admin key <fingerprint>" in their own language.
  assert.equal(adminDisplayName(c.adminNames, keyFingerprint('plain-key-456')), null);
  assert.equal(adminDisplayName(c.adminNames, 'beat@example.org'), 'Beat Brunner');
  assert.equal(adminDisplayName(c.adminNames, 'carla@example.org'), 'carla@example.org');
  // The names never hold the secret.
  assert.ok(!JSON.stringify(c.adminNames).includes('key-of-anna-123'));
});

test('the demo key is "Demo Admin"', () => {
  const c = loadConfig({});
  assert.deepEqual(c.adminKeys, [DEMO_ADMIN_KEY]);
  assert.equal(adminDisplayName(c.adminNames, keyFingerprint(DEMO_ADMIN_KEY)), 'Demo Admin');
});

test('malformed entries are clear configuration errors', () => {
  const bad = (env: Record<string, string>, pattern: RegExp) => assert.throws(() => loadConfig(env), (e: Error) => e instanceof ConfigError && pattern.test(e.message), JSON.stringify(env));
  bad({ ADMIN_KEYS: 'Anna <>' }, /ADMIN_KEYS entry 1 must be a plain key or "Name <key>"/);
  bad({ ADMIN_KEYS: 'k1, Anna <key' }, /ADMIN_KEYS entry 2/);
  bad({ ADMIN_KEYS: '<key-without-name>' }, /ADMIN_KEYS entry 1 needs a name/);
  bad({ ADMIN_KEYS: `${'x'.repeat(121)} <k>` }, /needs a name of 1-120 characters/);
  bad({ ADMIN_EMAILS: 'Beat <not-an-address>' }, /ADMIN_EMAILS entry 1: not-an-address is not an e-mail address/);
});

test('sign-ins of one person in a row within a day are one line', () => {
  const e = (id: number, actor: string, action: string, at: string): AuditEntry => ({ id, actor, actorName: actor, action, entity: action === 'login' ? 'session' : 'project', entityId: null, summary: null, details: {}, createdAt: at });
  const lines = groupSignIns([
    e(6, 'anna', 'login', '2026-11-24T10:00:00.000Z'),
    e(5, 'anna', 'login', '2026-11-24T09:00:00.000Z'),
    e(4, 'anna', 'login', '2026-11-24T08:00:00.000Z'),
    e(3, 'beat', 'login', '2026-11-24T07:00:00.000Z'),
    e(2, 'anna', 'update', '2026-11-24T06:00:00.000Z'),
    e(1, 'anna', 'login', '2026-11-22T06:00:00.000Z'),
    e(0, 'anna', 'login', '2026-11-20T06:00:00.000Z'),
  ]);
  assert.deepEqual(lines.map((l) => [l.id, l.count]), [[6, 3], [3, 1], [2, 1], [1, 1], [0, 1]]);
  assert.equal(lines[0]!.firstAt, '2026-11-24T08:00:00.000Z');
});

test('a stored "Key <fingerprint>" of an unnamed key (English, from older rows) counts as no name', () => {
  const id = keyFingerprint('plain-key-456');
  assert.equal(storedActorName(id, `Key ${id.slice(4)}`), null);
  assert.equal(storedActorName(id, 'Anna Muster'), 'Anna Muster');
  assert.equal(storedActorName('key@example.org', 'Key of the house'), 'Key of the house');
  assert.equal(storedActorName(id, null), null);
});

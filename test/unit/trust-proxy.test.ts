import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../config';

test('TRUST_PROXY: loopback by default, a hop count, or proxy addresses and CIDR ranges', () => {
  assert.equal(loadConfig({}).trustProxy, 'loopback');
  assert.equal(loadConfig({ TRUST_PROXY: '' }).trustProxy, 'loopback');
  assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  assert.equal(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.5, 10.1.0.0/16, fd00::/8, ::1' }).trustProxy, 'loopback,10.0.0.5,10.1.0.0/16,fd00::/8,::1');
  assert.equal(loadConfig({ TRUST_PROXY: 'uniquelocal' }).trustProxy, 'uniquelocal');
});

test('TRUST_PROXY refuses what would let visitors forge their address', () => {
  for (const bad of ['true', 'yes', '10.0.0.0/33', '300.1.1.1', 'proxy.example.org', '11', '10.0.0.1/8/9', ',']) {
    assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY/, bad);
  }
});

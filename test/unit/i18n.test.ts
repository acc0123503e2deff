import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createI18n } from '../../views/i18n';

test('a missing key logs a warning and shows the key itself', (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  const i18n = createI18n('de', { de: { hello: 'Hallo' } });
  assert.equal(i18n.t('hello'), 'Hallo');
  assert.equal(i18n.t('nav.doesNotExist'), 'nav.doesNotExist');
  assert.equal(warn.mock.callCount(), 1);
  assert.match(String(warn.mock.calls[0]!.arguments[0]), /nav\.doesNotExist/);
});

// What a page leaves for the next one is found there by the islands' loader through a key prefix
// only (the loader shares no module with the islands): each writer's key must carry it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEXT_PAGE_PREFIX } from '../../views/site';
import { PENDING_KEY } from '../../views/components/toaster';
import { THANKS_KEY } from '../../views/components/checkout/thanks-store';

test('the toast for the next page and the thank-you after a gift are kept under the prefix the loader looks for', () => {
  for (const key of [PENDING_KEY, THANKS_KEY]) assert.ok(key.startsWith(NEXT_PAGE_PREFIX), key);
  assert.notEqual(PENDING_KEY, THANKS_KEY);
});

// The revisions' comparison: word differences that put both texts back together exactly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffText } from '../../models/shared/text-diff';

const side = (parts: ReturnType<typeof diffText>, keep: 'removed' | 'added') => parts.filter((p) => p.kind === 'same' || p.kind === keep).map((p) => p.text).join('');

test('word differences: the changed words only, both texts recoverable', () => {
  const parts = diffText('The first tank is full.', 'The second tank is almost full.');
  assert.deepEqual(parts, [
    { kind: 'same', text: 'The ' },
    { kind: 'removed', text: 'first' },
    { kind: 'added', text: 'second' },
    { kind: 'same', text: ' tank is' },
    { kind: 'added', text: ' almost' },
    { kind: 'same', text: ' full.' },
  ]);
});

test('long texts stay exact (lines when words would cost too much)', () => {
  const a = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
  const b = Array.from({ length: 3000 }, (_, i) => `word${(i * 7) % 3001}`).join('\n');
  const parts = diffText(a, b);
  assert.equal(side(parts, 'removed'), a);
  assert.equal(side(parts, 'added'), b);
  assert.deepEqual(diffText('', ''), []);
  assert.deepEqual(diffText('same', 'same'), [{ kind: 'same', text: 'same' }]);
});

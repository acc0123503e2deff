// A readable difference of two texts for the revisions' comparison: words (or, for long texts,
// lines) kept, removed and added. Browser-safe (the admin bundle uses it). A longest-common-
// subsequence over tokens, after the common start and end are set aside; texts too long for
// that are shown as removed and added whole, which is still correct, only less fine.

export interface DiffPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Beyond this many token pairs the table would cost too much memory and time. */
const MAX_CELLS = 4_000_000;

const words = (s: string) => s.match(/\s+|[^\s]+/g) ?? [];
const lines = (s: string) => s.match(/[^\n]*\n|[^\n]+$/g) ?? [];

function push(out: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.kind === kind) last.text += text;
  else out.push({ kind, text });
}

function lcs(a: string[], b: string[], out: DiffPart[]): void {
  const n = a.length;
  const m = b.length;
  // table[i][j]: length of the common subsequence of a[i..] and b[j..], in one flat array.
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] = a[i] === b[j] ? table[(i + 1) * (m + 1) + j + 1]! + 1 : Math.max(table[(i + 1) * (m + 1) + j]!, table[i * (m + 1) + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push(out, 'same', a[i]!);
      i++;
      j++;
    } else if (table[(i + 1) * (m + 1) + j]! >= table[i * (m + 1) + j + 1]!) push(out, 'removed', a[i++]!);
    else push(out, 'added', b[j++]!);
  }
  while (i < n) push(out, 'removed', a[i++]!);
  while (j < m) push(out, 'added', b[j++]!);
}

function diffTokens(a: string[], b: string[]): DiffPart[] | null {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) return null;
  const out: DiffPart[] = [];
  push(out, 'same', a.slice(0, start).join(''));
  lcs(midA, midB, out);
  push(out, 'same', a.slice(endA).join(''));
  return out;
}

/** What changed from `before` to `after`: word by word, else line by line, else whole. */
export function diffText(before: string, after: string): DiffPart[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const byWords = diffTokens(words(before), words(after));
  if (byWords) return byWords;
  const byLines = diffTokens(lines(before), lines(after));
  if (byLines) return byLines;
  const out: DiffPart[] = [];
  push(out, 'removed', before);
  push(out, 'added', after);
  return out;
}

// The CSS a page needs for its first paint, inlined into its <head> so the page is readable as soon
// as the HTML has arrived: the rules of the site stylesheet whose selectors can match something in
// this page's markup. The whole stylesheet follows when a part of the page wakes (views/island-runtime.tsx), or
// through <noscript> without JavaScript, and stays cached for the next page.
//
// scripts/build.ts indexes the built stylesheet once (postcss): per rule, the class names, ids and
// element names each of its selectors needs. Here a page keeps the rules for which one selector has
// all of them in the page, a fast test (about a millisecond on the home page) that errs on the
// side of keeping: states (:hover, [hidden], :target) and :not()/:is()/:where()/:has() arguments
// are not required. Rules keep their order and their @media/@container/@supports wrappers, so the
// cascade is the stylesheet's own.

/** One rule of the indexed stylesheet. */
export interface CssRule {
  /** The at-rule preludes around it, outermost first ('@media (min-width:48rem)'). */
  at: string[];
  /** Per selector of the rule: the tokens it needs ('.hero', '#home', 'table'). Empty: always kept. */
  need: string[][];
  css: string;
}

const ALWAYS = new Set(['html', 'body', ':root', '*']);

/** The tokens a selector needs present in the page for it to match anything there. */
export function selectorNeeds(selector: string): string[] {
  // Arguments of functional pseudo-classes never make a token required (`:not(.a)` matches where
  // `.a` is absent); pseudo-elements, attributes and states are not tokens.
  let s = selector;
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(/:[\w-]+\([^()]*\)/g, '');
  }
  s = s.replace(/\[[^\]]*\]/g, '').replace(/::?[\w-]+/g, '');
  const tokens = new Set<string>();
  for (const m of s.matchAll(/([.#]?)(-?[_a-zA-Z][\w-]*)/g)) {
    const token = m[1] ? m[1] + m[2] : m[2]!.toLowerCase();
    if (!ALWAYS.has(token)) tokens.add(token);
  }
  return [...tokens];
}

/** Class names (.x), ids (#x) and element names present in an HTML document. A scan with
 *  indexOf rather than regular expressions: it runs on every page render (a cache miss), and on
 *  the home page's 96 KB it takes a quarter of the time. */
export function pageTokens(html: string): Set<string> {
  const tokens = new Set<string>(ALWAYS);
  for (let i = html.indexOf('<'); i !== -1; i = html.indexOf('<', i + 1)) {
    let j = i + 1;
    let c = html.charCodeAt(j);
    // a-z or A-Z: an element's start tag (not </x, <!-- or <!doctype)
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90))) continue;
    let upper = false;
    while (j < html.length) {
      c = html.charCodeAt(j);
      if (c === 32 || c === 62 || c === 47 || c === 10 || c === 9 || c === 13) break;
      if (c >= 65 && c <= 90) upper = true;
      j++;
    }
    const name = html.slice(i + 1, j);
    tokens.add(upper ? name.toLowerCase() : name);
  }
  // The same class list comes back many times (every card, every list item): split it once.
  const lists = new Set<string>();
  attributeTokens(html, ' class="', (value) => {
    if (lists.has(value)) return;
    lists.add(value);
    for (const c of value.split(' ')) if (c) tokens.add('.' + c);
  });
  attributeTokens(html, ' id="', (value) => tokens.add('#' + value));
  return tokens;
}

function attributeTokens(html: string, marker: string, add: (value: string) => void): void {
  for (let i = html.indexOf(marker); i !== -1; i = html.indexOf(marker, i + marker.length)) {
    const start = i + marker.length;
    const end = html.indexOf('"', start);
    if (end === -1) return;
    add(html.slice(start, end));
  }
}

/** The rules of `rules` that can match in `html`, as one stylesheet text. */
export function criticalCss(html: string, rules: readonly CssRule[]): string {
  const tokens = pageTokens(html);
  let out = '';
  let open: string[] = [];
  for (const rule of rules) {
    if (rule.need.length && !rule.need.some((need) => need.every((t) => tokens.has(t)))) continue;
    let same = 0;
    while (same < open.length && same < rule.at.length && open[same] === rule.at[same]) same++;
    out += '}'.repeat(open.length - same);
    for (const at of rule.at.slice(same)) out += at + '{';
    open = rule.at;
    out += rule.css;
  }
  return out + '}'.repeat(open.length);
}

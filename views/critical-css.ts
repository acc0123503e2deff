// The CSS a page needs for its first paint, inlined into its <head> so the page is readable as soon
// as the HTML has arrived: the rules of the site stylesheet whose selectors can match something in
// this page's markup. The whole stylesheet follows at the end of <body> (not render-blocking there)
// and stays cached for the next page.
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

/** Class names (.x), ids (#x) and element names present in an HTML document. */
export function pageTokens(html: string): Set<string> {
  const tokens = new Set<string>(ALWAYS);
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)/g)) tokens.add(m[1]!.toLowerCase());
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) tokens.add('.' + c);
  for (const m of html.matchAll(/\sid="([^"]*)"/g)) tokens.add('#' + m[1]);
  return tokens;
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

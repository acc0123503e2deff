// The CSS a page inlines: which tokens a selector needs, and which rules a page keeps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { criticalCss, pageTokens, selectorNeeds, type CssRule } from '../../views/critical-css';

test('a selector needs its classes, ids and element names, never what only states or negations name', () => {
  assert.deepEqual(selectorNeeds('.card .card-body h3'), ['.card', '.card-body', 'h3']);
  assert.deepEqual(selectorNeeds('#home > .hero-slide:hover::after'), ['#home', '.hero-slide']);
  assert.deepEqual(selectorNeeds("html:not([data-hydrated]) .mobile-menu[hidden]:target"), ['.mobile-menu']);
  assert.deepEqual(selectorNeeds(":is(.a, .b) .c:not(.d:not(.e))"), ['.c']);
  assert.deepEqual(selectorNeeds("a[href^='mailto:'], .mono"), ['a', '.mono']);
  assert.deepEqual(selectorNeeds(':root'), []);
  assert.deepEqual(selectorNeeds('*, *::before'), []);
  assert.deepEqual(selectorNeeds('TABLE TD'), ['table', 'td']);
});

test('a page has the tokens of its markup', () => {
  const tokens = pageTokens('<header class="site-header  sticky" id="top"><NAV><a class="btn">x</a></NAV></header>');
  for (const t of ['header', 'nav', 'a', '.site-header', '.sticky', '.btn', '#top', 'html', 'body']) assert.ok(tokens.has(t), t);
  assert.ok(!tokens.has('.'));
});

test('a page keeps the rules that can match, in order and inside their at-rules', () => {
  const rules: CssRule[] = [
    { at: [], need: [[]], css: ':root{--x:1}' },
    { at: [], need: [['.a']], css: '.a{color:red}' },
    { at: [], need: [['.b']], css: '.b{color:blue}' },
    { at: ['@media (min-width:600px)'], need: [['.a']], css: '.a{color:green}' },
    { at: ['@media (min-width:600px)'], need: [['.b'], ['.a', 'p']], css: '.b,.a p{margin:0}' },
    { at: ['@media (min-width:600px)', '@supports (display:grid)'], need: [['.a']], css: '.a{display:grid}' },
    { at: ['@media (min-width:600px)'], need: [['.c']], css: '.c{color:pink}' },
    { at: [], need: [], css: '@keyframes spin{to{transform:rotate(1turn)}}' },
    { at: ['@container (min-width:40em)'], need: [['.b']], css: '.b{gap:1em}' },
  ];
  assert.equal(
    criticalCss('<div class="a"><p>text</p></div>', rules),
    ':root{--x:1}.a{color:red}@media (min-width:600px){.a{color:green}.b,.a p{margin:0}@supports (display:grid){.a{display:grid}}}@keyframes spin{to{transform:rotate(1turn)}}',
  );
  assert.equal(criticalCss('<span class="b"></span>', rules), ':root{--x:1}.b{color:blue}@media (min-width:600px){.b,.a p{margin:0}}@keyframes spin{to{transform:rotate(1turn)}}@container (min-width:40em){.b{gap:1em}}');
});

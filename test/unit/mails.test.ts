// The mails rendered from React components: the HTML part (tables, inline styles, escaped text,
// only safe links) and the plain-text part with the same content.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createI18n } from '../../views/i18n';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { newsletterMail, UNSUBSCRIBE_URL, type NewsletterSection } from '../../views/mails/newsletter';
import { confirmSubscriptionMail } from '../../views/mails/confirm-subscription';
import type { TFunction } from 'i18next';

const tOf = (lang: 'en' | 'de') => {
  const i = createI18n(lang, { en, de });
  return i.t.bind(i) as TFunction;
};
const site = { name: 'Village <Bridge> & Co', email: 'info@charity.example', address: { street: 'Musterstrasse 12', postcode: '6000', town: 'Luzern', country: 'CH' } };

const sections: NewsletterSection[] = [
  { kind: 'news', id: 1, title: 'Solar <lights>', summary: 'The lights & the pumps', url: 'https://charity.example/news/solar', imageUrl: 'https://charity.example/newsletter/images/a.png', meta: '1 May 2026' },
  { kind: 'project', id: 2, title: 'Water', summary: 'A borehole', url: 'https://charity.example/projects/water', imageUrl: null, meta: '', donateUrl: 'javascript:alert(1)' },
];

test('the newsletter HTML: a document of layout tables and inline styles, text escaped, unsafe links dropped', () => {
  const { html } = newsletterMail({ subject: 'News <from> Mwenezi', previewText: 'Light & harvest', lang: 'en', sections, site, home: 'https://charity.example/', t: tOf('en') });
  assert.match(html, /^<!DOCTYPE html>\n<html lang="en">/);
  assert.match(html, /<table role="presentation"/);
  assert.doesNotMatch(html, /<style|<script|class="|<link/, 'inline styles only: no stylesheet, no script, no preload');
  assert.match(html, /<title>News &lt;from&gt; Mwenezi<\/title>/);
  assert.match(html, /<h1[^>]*>News &lt;from&gt; Mwenezi<\/h1>/);
  assert.match(html, /Light &amp; harvest/);
  assert.match(html, /Village &lt;Bridge&gt; &amp; Co/);
  assert.match(html, /Solar &lt;lights&gt;/);
  assert.match(html, /<img src="https:\/\/charity\.example\/newsletter\/images\/a\.png"/);
  assert.match(html, new RegExp(`href="${UNSUBSCRIBE_URL}"[^>]*>Unsubscribe<`));
  assert.doesNotMatch(html, /javascript:/);
  assert.match(html, /href="#"[^>]*>Support this project</, 'the unsafe donation link becomes #');
  assert.ok(html.indexOf('News') < html.indexOf('Projects'), 'news before projects');
});

test('the newsletter text part says the same in the same order', () => {
  const { text } = newsletterMail({ subject: 'Spring', previewText: 'Light & harvest', lang: 'en', sections, site, home: 'https://charity.example/', t: tOf('en') });
  const lines = text.split('\n');
  assert.equal(lines[0], site.name);
  assert.equal(lines[2], 'SPRING');
  assert.equal(lines[3], 'Light & harvest', 'plain text is not escaped');
  assert.match(text, /Solar <lights>\n1 May 2026\nThe lights & the pumps\nRead more: https:\/\/charity\.example\/news\/solar/);
  assert.match(text, /Unsubscribe: %%UNSUBSCRIBE_URL%%/);
  assert.ok(text.indexOf('Solar') < text.indexOf('Water'));
});

test('the German newsletter has German texts only', () => {
  const { html, text } = newsletterMail({ subject: 'Neues', previewText: '', lang: 'de', sections, site, home: 'https://charity.example/de', t: tOf('de') });
  assert.match(html, /<html lang="de">/);
  assert.match(html, /Abmelden/);
  assert.doesNotMatch(html + text, /Read more|Unsubscribe|Support this project/);
  assert.doesNotMatch(html, /display:none/, 'no hidden preheader without a preview text');
});

test('the confirmation mail: subject, a button to the link, the link as text, and the same link in the text part', () => {
  const url = 'https://charity.example/de/newsletter/confirm?token=abc&x=1';
  const mail = confirmSubscriptionMail({ lang: 'de', org: site.name, url, t: tOf('de') });
  assert.match(mail.subject, /Village <Bridge> & Co/);
  assert.match(mail.html, /^<!DOCTYPE html>\n<html lang="de">/);
  assert.match(mail.html, /<table role="presentation"/);
  assert.ok(mail.html.includes('href="https://charity.example/de/newsletter/confirm?token=abc&amp;x=1"'), 'the button links to the confirmation');
  assert.match(mail.html, /Village &lt;Bridge&gt; &amp; Co/);
  assert.ok(mail.text.includes(url));
  assert.doesNotMatch(mail.html + mail.text, /newsletterPages\./, 'every text is translated');
  const bad = confirmSubscriptionMail({ lang: 'en', org: 'x', url: 'javascript:alert(1)', t: tOf('en') });
  assert.doesNotMatch(bad.html, /href="javascript/);
});

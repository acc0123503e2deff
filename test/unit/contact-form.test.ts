import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { CONTACT_MESSAGES, contactMailto, validateContact } from '../../views/components/content/contact-validation';
import { SKILLS_BUDGET, SKILLS_BUDGET_TOTAL } from '../../views/components/content/facts';
import { formatPercent, thousandsUsd } from '../../views/components/content/figures';
import { renderArticle } from '../../models/content/markup';

const valid = { name: 'Anna Muster', email: 'anna@example.org', subject: 'Volunteering', message: 'I would like to help in Lucerne.' };

describe('contact form rules', () => {
  test('every invalid field gets its exact message', () => {
    const result = validateContact({ name: 'A', email: 'anna@', subject: 'Hey', message: 'Too short' });
    assert.equal(result.ok, false);
    assert.deepEqual(!result.ok && result.errors, {
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Subject must be at least 5 characters',
      message: 'Message must be at least 10 characters',
    });
  });

  test('the limits are inclusive and surrounding spaces do not count', () => {
    assert.equal(validateContact({ name: 'Al', email: 'a@b.ch', subject: 'Hello', message: '0123456789' }).ok, true);
    const padded = validateContact({ name: ' A ', email: ' a@b.ch ', subject: '  Hey  ', message: '  123456789  ' });
    assert.equal(padded.ok, false);
    assert.deepEqual(Object.keys(!padded.ok ? padded.errors : {}), ['name', 'subject', 'message']);
  });

  test('a valid message comes back trimmed', () => {
    const result = validateContact({ ...valid, name: '  Anna Muster ', email: ' anna@example.org' });
    assert.deepEqual(result, { ok: true, data: valid });
  });

  test('only the fields that are wrong are reported', () => {
    const result = validateContact({ ...valid, email: 'not an address' });
    assert.deepEqual(!result.ok && result.errors, { email: 'Please enter a valid email address' });
  });

  test('the page’s own (German) messages are used when given', () => {
    const messages = de.contact.form.errors;
    const result = validateContact({ name: '', email: '', subject: '', message: '' }, messages);
    assert.deepEqual(!result.ok && result.errors, messages);
    assert.equal(messages.name, 'Der Name muss mindestens 2 Zeichen lang sein');
  });

  test('the English locale shows the rules’ messages word for word', () => {
    assert.deepEqual(en.contact.form.errors, CONTACT_MESSAGES);
  });

  test('the mail link goes to the info address with subject and a body of name, email and message', () => {
    const url = contactMailto('info@example.org', { ...valid, subject: 'Hello & welcome?' }, { name: 'Name', email: 'Email', message: 'Message' });
    assert.ok(url.startsWith('mailto:info@example.org?subject='));
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    assert.equal(query.get('subject'), 'Hello & welcome?');
    assert.equal(query.get('body'), 'Name: Anna Muster\nEmail: anna@example.org\n\nMessage:\nI would like to help in Lucerne.');
    // encodeURIComponent, not form encoding: spaces are %20, never '+'.
    assert.ok(!url.includes('+') && url.includes('Hello%20%26%20welcome%3F'));
  });
});

describe('content figures and helpers', () => {
  test('the Skills for Life budget lines add up to the programme total of $106,660', () => {
    assert.equal(SKILLS_BUDGET.reduce((sum, line) => sum + line.amount, 0), SKILLS_BUDGET_TOTAL);
    assert.equal(SKILLS_BUDGET_TOTAL, 106_660);
  });

  test('shares and short amounts are formatted per language', () => {
    assert.equal(formatPercent(1, 'en'), '100%');
    assert.equal(formatPercent(35_000 / 106_660, 'de', 1), '32.8%');
    assert.equal(thousandsUsd(276_428, 'en'), '$276K');
    assert.equal(thousandsUsd(276_428, 'en', 'code'), '276K\u00a0USD');
    assert.equal(thousandsUsd(276_428, 'de'), '276\u00a0Tsd.\u00a0USD');
  });

  test('admin-written page text is Markdown: paragraphs at blank lines, HTML stays text', () => {
    assert.equal(renderArticle('First line\nstill first.\n\n  Second <b>not html</b>  \r\n\r\n\n').html, '<p>First line\nstill first.</p>\n<p>Second &lt;b&gt;not html&lt;/b&gt;</p>\n');
    assert.equal(renderArticle('').html, '');
  });
});

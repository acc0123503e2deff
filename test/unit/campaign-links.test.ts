// The edition in a mail's links (models/shared/campaign-links.ts): every link to this site gets
// utm_source=newsletter&utm_campaign=<edition>, its own query and fragment kept; the unsubscribe
// placeholder, links with a personal token, other sites and mailto: links stay as they were. And
// the edition names fit what the visit counter keeps of a campaign (models/site/visits.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decorateLinks, editionName, newsletterEdition, projectNewsEdition, withEdition } from '../../models/shared/campaign-links';
import { campaignOf } from '../../models/site/visits';
import { sourceOf } from '../../models/shared/source';

const links = { publicUrl: 'https://charity.example', edition: 'newsletter-7' };
const TAG = 'utm_source=newsletter&utm_campaign=newsletter-7';

test('a link to this site names the edition; its query (as written) and its fragment are kept', () => {
  assert.equal(withEdition('https://charity.example/news/solar-light', links), `https://charity.example/news/solar-light?${TAG}`);
  assert.equal(withEdition('https://charity.example/de', links), `https://charity.example/de?${TAG}`);
  assert.equal(withEdition('https://charity.example/checkout?project=nook%20solar&amount=50#form', links), `https://charity.example/checkout?project=nook%20solar&amount=50&${TAG}#form`);
  // A campaign it named before is replaced, not doubled.
  assert.equal(withEdition('https://charity.example/?utm_source=x&utm_campaign=old&a=1', links), `https://charity.example/?a=1&${TAG}`);
});

test('no edition on the unsubscribe link, personal links, other sites, mailto: or what is no URL', () => {
  for (const href of [
    '%%UNSUBSCRIBE_URL%%',
    '*|UNSUB|*',
    'https://charity.example/newsletter/unsubscribe?token=abc',
    'https://charity.example/de/project-updates/unsubscribe?token=abc',
    'https://charity.example/newsletter/confirm?token=abc',
    'https://charity.example/donor?token=abc',
    'https://charity.example/api/newsletter/unsubscribe',
    'https://elsewhere.example/news/solar-light',
    'http://charity.example.evil.example/',
    'mailto:info@charity.example',
    '#',
  ]) {
    assert.equal(withEdition(href, links), href, href);
  }
  // A site under a path: only links under it.
  const under = { publicUrl: 'https://host.example/charity', edition: 'e' };
  assert.equal(withEdition('https://host.example/other/page', under), 'https://host.example/other/page');
  assert.equal(withEdition('https://host.example/charity/news', under), 'https://host.example/charity/news?utm_source=newsletter&utm_campaign=e');
});

test('in a mail: the hrefs of its HTML (escaped as React writes them) and the URLs of its text', () => {
  const html =
    '<a href="https://charity.example/checkout?project=nook&amp;amount=50">Give</a>' +
    '<img src="https://charity.example/images/a.png" alt="">' +
    '<a href="%%UNSUBSCRIBE_URL%%">Unsubscribe</a> <a href="https://elsewhere.example/">Partner</a> <a href="mailto:info@charity.example">info@charity.example</a>' +
    "<a class=\"x\" href='https://charity.example/news#top'>News</a>";
  assert.equal(
    decorateLinks(html, 'html', links),
    `<a href="https://charity.example/checkout?project=nook&amp;amount=50&amp;${TAG.replace('&', '&amp;')}">Give</a>` +
      '<img src="https://charity.example/images/a.png" alt="">' +
      '<a href="%%UNSUBSCRIBE_URL%%">Unsubscribe</a> <a href="https://elsewhere.example/">Partner</a> <a href="mailto:info@charity.example">info@charity.example</a>' +
      `<a class="x" href="https://charity.example/news?${TAG.replace('&', '&amp;')}#top">News</a>`,
  );
  const text = ['Read more: https://charity.example/news/solar-light', 'Support it: https://charity.example/checkout?project=nook.', 'Unsubscribe: %%UNSUBSCRIBE_URL%%', 'Partner: https://elsewhere.example/x', '(https://charity.example/de)'].join('\n');
  assert.equal(
    decorateLinks(text, 'text', links),
    [`Read more: https://charity.example/news/solar-light?${TAG}`, `Support it: https://charity.example/checkout?project=nook&${TAG}.`, 'Unsubscribe: %%UNSUBSCRIBE_URL%%', 'Partner: https://elsewhere.example/x', `(https://charity.example/de?${TAG})`].join('\n'),
  );
});

test('edition names: stable, lower case, URL-safe, at most 80 characters, read back by the visit counter as they are', () => {
  assert.equal(newsletterEdition({ id: 12, provider: 'local', externalId: null }), 'newsletter-12');
  assert.equal(newsletterEdition({ id: 12, provider: 'mailchimp', externalId: 'B03bfc273A' }), 'newsletter-mc-b03bfc273a');
  assert.equal(projectNewsEdition('solar-light-for-the-nook'), 'news-solar-light-for-the-nook');
  const long = projectNewsEdition('x'.repeat(200));
  assert.equal(long.length, 80);
  assert.equal(editionName('Spring Update! 2026'), 'spring-update-2026');
  for (const edition of ['newsletter-12', 'newsletter-mc-b03bfc273a', 'news-solar-light-for-the-nook', long]) {
    const url = new URL(withEdition('https://charity.example/news/a?x=1', { publicUrl: 'https://charity.example', edition }));
    assert.equal(campaignOf(url.search.slice(1)), edition);
  }
});

test('the checkout keeps the campaign of the page the giver came from (sourceOf of document.referrer)', () => {
  const article = withEdition('https://charity.example/de/news/solar-light', links);
  assert.equal(sourceOf(article, 'https://charity.example'), `/de/news/solar-light?${TAG}`);
  assert.equal(campaignOf(sourceOf(article, 'https://charity.example')!.split('?')[1]!), 'newsletter-7');
  // The checkout link of the mail itself, opened from a mail program (no referrer): location.href.
  assert.equal(sourceOf(withEdition('https://charity.example/checkout?project=nook', links), 'https://charity.example'), `/checkout?project=nook&${TAG}`);
});

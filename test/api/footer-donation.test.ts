// The footer's "Donation page" link (DONATION_URL, config.ts): the site's own checkout in the page's
// language by default, in the same tab; a configured address of another site in a new tab that says so.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';

/** The footer's donation link: its attributes and its text (tags removed). */
async function donationLink(h: AppHandle, path: string, label: string): Promise<{ attrs: Record<string, string>; text: string }> {
  const html = (await request(h.app).get(path).expect(200)).text;
  const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0] ?? '';
  const links = [...footer.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].filter((m) => m[2]!.includes(label));
  assert.equal(links.length, 1, `one "${label}" link in the footer of ${path}`);
  const [, rawAttrs, inner] = links[0]!;
  const attrs = Object.fromEntries([...rawAttrs!.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { attrs, text: inner!.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim() };
}

describe('footer donation link, default: the own checkout', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(() => h.close());

  test('English pages link to /checkout in the same tab', async () => {
    for (const path of ['/', '/projects']) {
      const link = await donationLink(h, path, 'Donation page');
      assert.deepEqual(link.attrs, { href: '/checkout' }, path);
      assert.equal(link.text, 'Donation page');
    }
  });

  test('German pages link to /de/checkout in the same tab, in German only', async () => {
    for (const path of ['/de', '/de/projects']) {
      const link = await donationLink(h, path, 'Spendenseite');
      assert.deepEqual(link.attrs, { href: '/de/checkout' }, path);
      assert.equal(link.text, 'Spendenseite');
    }
  });
});

describe('footer donation link, DONATION_URL of another site', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ DONATION_URL: 'https://give.example.net/kuvaka?campaign=footer&x=1' });
  });
  after(() => h.close());

  test('opens in a new tab without access to this page, and tells screen readers', async () => {
    const en = await donationLink(h, '/', 'Donation page');
    assert.equal(en.attrs.href, 'https://give.example.net/kuvaka?campaign=footer&amp;x=1');
    assert.equal(en.attrs.target, '_blank');
    assert.ok(en.attrs.rel?.split(' ').includes('noopener'), en.attrs.rel);
    assert.equal(en.text, 'Donation page (opens in a new tab)');
    const de = await donationLink(h, '/de', 'Spendenseite');
    assert.equal(de.attrs.href, 'https://give.example.net/kuvaka?campaign=footer&amp;x=1');
    assert.equal(de.attrs.target, '_blank');
    assert.ok(de.attrs.rel?.split(' ').includes('noopener'), de.attrs.rel);
    assert.equal(de.text, 'Spendenseite (öffnet in einem neuen Tab)');
  });
});

describe('footer donation link, DONATION_URL a path of the site', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ DONATION_URL: '/projects/nook-vocational-training-center' });
  });
  after(() => h.close());

  test('the same tab, in the page language', async () => {
    assert.deepEqual((await donationLink(h, '/', 'Donation page')).attrs, { href: '/projects/nook-vocational-training-center' });
    assert.deepEqual((await donationLink(h, '/de', 'Spendenseite')).attrs, { href: '/de/projects/nook-vocational-training-center' });
  });
});

// The public pages are the same document on PostgreSQL as on SQLite: every page the browser walks
// (the layout, the inlined CSS and axe-core: the layout walk of test/e2e/layout-walk.ts and
// critical-css), in both languages, at the same demo content, gives byte for byte the same
// HTML from an app on each database. Those browser walks depend on the markup only, so they run
// once, on SQLite; this test is what makes that safe: a difference in what a page shows on
// PostgreSQL (an order, a number format, a missing row) fails here, with the first lines that differ.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { ON_POSTGRES, PUBLIC_PAGE_PATHS, testApp } from '../helpers';
import { localizePath } from '../../models/shared/urls';
import type { AppHandle } from '../../app';

/**
 * Pages the browser walks besides PUBLIC_PAGE_PATHS (the layout walk, test/e2e/layout-walk.ts).
 * Not the backend overview: it shows the database's own schema (its column types differ), so its
 * browser tests run on both databases.
 */
const MORE = ['/test-images', '/news/annual-report-2024-published', '/checkout?project=nook-vocational-training-center&amount=75'];

/**
 * Moments of the demo content's writing (createdAt, updatedAt in an island's props) differ by the
 * milliseconds between the two apps' start-up; the pages show dates, not these instants.
 */
const normalize = (html: string) => html.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<instant>');

/** Where two documents first differ, with a little context, for the failure message. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const around = (s: string) => s.slice(Math.max(0, i - 120), i + 120);
  return `PostgreSQL: …${around(a)}…\nSQLite:     …${around(b)}…`;
}

describe('the public pages are the same on both databases', { skip: ON_POSTGRES ? false : 'compares PostgreSQL with SQLite: runs in the PostgreSQL run' }, () => {
  let pg: AppHandle;
  let sqlite: AppHandle;
  before(async () => {
    // Payments set up on both (no call reaches Stripe here), so the checkout is its island.
    const keys = { STRIPE_SECRET_KEY: 'sk_test_same', STRIPE_PUBLISHABLE_KEY: 'pk_test_same' };
    pg = await testApp(keys);
    sqlite = await testApp({ ...keys, DATABASE_URL: 'sqlite::memory:' });
  });
  after(async () => {
    await sqlite?.close();
    await pg?.close();
  });

  for (const lang of ['en', 'de'] as const) {
    test(`every page the browser walks, in ${lang === 'en' ? 'English' : 'German'}`, async () => {
      const paths = [...PUBLIC_PAGE_PATHS, ...MORE].map((p) => (lang === 'en' ? p : localizePath(p, 'de')));
      for (const path of paths) {
        const [a, b] = await Promise.all([pg, sqlite].map((h) => request(h.app).get(path).set('Accept', 'text/html')));
        assert.equal(a!.status, 200, path);
        assert.equal(b!.status, 200, path);
        const [x, y] = [normalize(a!.text), normalize(b!.text)];
        assert.ok(x === y, `${path} differs:\n${firstDifference(x, y)}`);
      }
    });
  }
});

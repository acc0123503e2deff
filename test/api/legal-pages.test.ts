// The privacy notice and the imprint: at /privacy and /imprint in both
// languages, with the organisation's details from the ORG_* configuration, the services that receive
// data written from the configuration (a configured one named with its country and safeguard, an
// unconfigured one not at all), the words editable in the Pages tab like any page's, and reachable
// from every page: the footer's privacy and terms links go to the about page's #privacy and
// #imprint sections, which lead to the full texts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import type { AppHandle } from '../../app';
import { testApp } from '../helpers';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

/** The visible text of a page's main content, entities decoded, spaces collapsed. */
const mainText = (html: string) =>
  (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .replace(/ ([;:),.])/g, '$1')
    .replace(/\( /g, '(');

const ORG = {
  ORG_NAME: 'Example Village Trust',
  ORG_LEGAL_NAME: 'Verein Example Village Trust',
  ORG_EMAIL: 'privacy@example.net',
  ORG_STREET: 'Seeweg 3',
  ORG_POSTCODE: '8000',
  ORG_TOWN: 'Zürich',
};

describe('privacy notice and imprint', () => {
  let bare: AppHandle;
  let full: AppHandle;
  before(async () => {
    bare = await testApp(ORG);
    full = await testApp({
      ...ORG,
      STRIPE_SECRET_KEY: 'sk_test_legal',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_legal',
      MAILCHIMP_API_KEY: 'key-us21',
      MAILCHIMP_SERVER_PREFIX: 'us21',
      MAILCHIMP_AUDIENCE_ID: 'aud1',
      OPENAI_API_KEY: 'sk-legal',
      SMTP_URL: 'smtp://mail.example.net:587',
      SMTP_PROVIDER: 'Example Mail AG | ch',
      S3_BUCKET: 'pictures',
      S3_REGION: 'eu-central-2',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
  });
  after(async () => {
    await full?.close();
    await bare?.close();
  });

  for (const lang of ['en', 'de'] as const) {
    const at = (path: string) => (lang === 'en' ? path : `/de${path}`);
    const L = lang === 'en' ? en : de;

    test(`${lang}: the privacy notice names the controller from the configuration, and no service when none is configured`, async () => {
      const html = (await request(bare.app).get(at('/privacy')).expect(200)).text;
      assert.match(html, new RegExp(`<html lang="${lang}"`));
      assert.match(html, new RegExp(`<title>${L.meta.privacy.title} \\| Example Village Trust</title>`));
      const text = mainText(html);
      for (const part of ['Verein Example Village Trust', 'Seeweg 3', '8000 Zürich', lang === 'en' ? 'Switzerland' : 'Schweiz', 'privacy@example.net']) assert.ok(text.includes(part), `${part} in ${text.slice(0, 400)}`);
      assert.ok(text.includes(L.privacy.recipients.none));
      for (const name of ['Stripe', 'Mailchimp', 'OpenAI', 'Amazon']) assert.ok(!text.includes(name), `${name} is not configured, yet named`);
      for (const key of ['controller', 'collect', 'recipients', 'retention', 'rights', 'cookies'] as const) assert.ok(text.includes(L.privacy[key].title), `section ${key}`);
    });

    test(`${lang}: every configured service is named with its country and safeguard`, async () => {
      const text = mainText((await request(full.app).get(at('/privacy')).expect(200)).text);
      const sg = L.privacy.recipients.safeguard;
      const purpose = L.privacy.recipients.purpose;
      const us = lang === 'en' ? 'United States' : 'Vereinigte Staaten';
      const ch = lang === 'en' ? 'Switzerland' : 'Schweiz';
      assert.ok(text.includes(`Stripe (${us}; ${sg.dpf}): ${purpose.stripe}`), text);
      assert.ok(text.includes(`Intuit Mailchimp (${us}; ${sg.dpf}): ${purpose.mailchimp}`));
      assert.ok(text.includes(`OpenAI (${us}; ${sg.scc}): ${purpose.openai}`));
      // In Switzerland: no transfer abroad, so no safeguard.
      assert.ok(text.includes(`Example Mail AG (${ch}): ${purpose.smtp}`));
      assert.ok(text.includes(`Amazon Web Services (${ch}): ${purpose.s3}`), 'the AWS region eu-central-2 is Zurich');
      assert.ok(!text.includes(L.privacy.recipients.none));
    });

    test(`${lang}: the imprint names the operator with postal address, e-mail and phone, and the terms`, async () => {
      const text = mainText((await request(bare.app).get(at('/imprint')).expect(200)).text);
      for (const part of ['Verein Example Village Trust', 'Seeweg 3', '8000 Zürich', 'privacy@example.net', L.imprint.org.title, L.imprint.terms.title, L.imprint.terms.p1]) assert.ok(text.includes(part), part);
    });

    test(`${lang}: every page's footer leads to the about page's privacy and imprint sections, which lead to the full texts`, async () => {
      for (const path of ['/', '/projects', '/contact', '/privacy']) {
        const html = (await request(bare.app).get(at(path)).expect(200)).text;
        const footer = /<footer[\s\S]*<\/footer>/.exec(html)![0];
        assert.ok(footer.includes(`href="${at('/about')}#privacy">${L.footer.privacy}</a>`), `${path}: privacy link`);
        assert.ok(footer.includes(`href="${at('/about')}#imprint">${L.footer.terms}</a>`), `${path}: terms link`);
      }
      const about = (await request(bare.app).get(at('/about')).expect(200)).text;
      assert.match(about, new RegExp(`<section id="privacy"[^>]*>[\\s\\S]*?href="${at('/privacy')}"[\\s\\S]*?</section>`));
      assert.match(about, new RegExp(`<section id="imprint"[^>]*>[\\s\\S]*?href="${at('/imprint')}"[\\s\\S]*?</section>`));
    });
  }

  test('the sitemap lists both pages in both languages, with their alternates', async () => {
    const xml = (await request(bare.app).get('/sitemap.xml').expect(200)).text;
    for (const path of ['/privacy', '/de/privacy', '/imprint', '/de/imprint']) assert.ok(xml.includes(`${path}</loc>`), path);
  });

  test('the words are edited in the Pages tab: an edited German paragraph shows on /de/privacy only, a draft changes nothing', async () => {
    const edited = 'Wir bewahren Spenden zehn Jahre auf, wie es das Obligationenrecht verlangt; danach löschen wir sie.';
    const created = await request(bare.app)
      .post('/api/admin/pages')
      .set(ADMIN)
      .send({ pageName: 'privacy', title: 'Privacy notice', titleDe: 'Datenschutzerklärung', content: 'How we handle your data.', contentDe: 'Wie wir mit Ihren Daten umgehen.', texts: { 'privacy.retention.p1': { de: edited } } })
      .expect(201);
    assert.deepEqual(created.body.texts, { 'privacy.retention.p1': { de: edited } });
    assert.ok(mainText((await request(bare.app).get('/de/privacy').expect(200)).text).includes(edited));
    assert.ok(mainText((await request(bare.app).get('/de/privacy').expect(200)).text).includes('Wie wir mit Ihren Daten umgehen.'), 'the entry drives the introduction');
    const english = mainText((await request(bare.app).get('/privacy').expect(200)).text);
    assert.ok(english.includes(en.privacy.retention.p1) && !english.includes(edited));
    // The legal terms of the safeguards are not the page's words to edit.
    const { id, updatedAt: _u, draft: _d, publishAt: _p, texts: _t, ...rest } = created.body;
    const refused = await request(bare.app).put(`/api/admin/pages/${id}`).set(ADMIN).send({ ...rest, texts: { 'privacy.recipients.safeguard.dpf': { en: 'trust us' } } });
    assert.equal(refused.status, 400);
    assert.ok(JSON.stringify(refused.body.fields ?? {}).includes('privacy.recipients.safeguard.dpf'), JSON.stringify(refused.body));
    // The same request with one of the page's words is taken.
    await request(bare.app).put(`/api/admin/pages/${id}`).set(ADMIN).send({ ...rest, texts: { 'privacy.retention.p1': { de: edited } } }).expect(200);
  });
});

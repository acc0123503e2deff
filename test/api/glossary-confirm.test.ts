// Deleting a glossary term asks first, as every delete in the admin does: without JavaScript the
// Delete control is a link to the question (/admin/glossary?delete=<id>), and only the question's
// form posts the delete; the question is in the page's language.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import { DEMO_ADMIN_KEY } from '../../config';
import type { AppHandle } from '../../app';

const KEY = { 'X-Admin-Key': DEMO_ADMIN_KEY };
const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

describe('the glossary asks before deleting a term', () => {
  let h: AppHandle;
  let admin: ReturnType<typeof request.agent>;
  let id: number;
  before(async () => {
    h = await testApp();
    admin = request.agent(h.app);
    await admin.post('/admin-login').type('form').send({ mode: 'key', key: DEMO_ADMIN_KEY }).expect(303);
    id = (await request(h.app).post('/api/admin/glossary').set(KEY).send({ termEn: 'Borehole Committee', termDe: 'Brunnenkomitee' }).expect(201)).body.id;
  });
  after(() => h.close());

  test('the list offers a link to the question, not a form that deletes at once', async () => {
    const html = decode((await admin.get('/admin/glossary').expect(200)).text);
    assert.ok(html.includes(`href="/admin/glossary?delete=${id}#glossary-confirm-${id}"`), 'Delete is a link to the question');
    assert.ok(!html.includes(`action="/admin/glossary/${id}/delete"`), 'no delete form before the question');
    assert.ok(!html.includes('Remove “Borehole Committee” from the glossary?'));
  });

  test('the question names the term, posts the delete, and offers a way back; in German too', async () => {
    const html = decode((await admin.get(`/admin/glossary?delete=${id}`).expect(200)).text);
    assert.match(html, /Remove “Borehole Committee” from the glossary\?/);
    assert.ok(html.includes(`action="/admin/glossary/${id}/delete"`));
    assert.match(html, />Yes, remove</);
    assert.match(html, /href="\/admin\/glossary"[^>]*>Cancel</);
    const de = decode((await admin.get(`/de/admin/glossary?delete=${id}`).expect(200)).text);
    assert.match(de, /„Borehole Committee“ aus dem Glossar entfernen\?/);
    assert.match(de, />Ja, entfernen</);
    assert.ok(!de.includes('Yes, remove'));

    const page = (await admin.get(`/admin/glossary?delete=${id}`).expect(200)).text;
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)![1]!;
    await admin.post(`/admin/glossary/${id}/delete`).type('form').send({ _csrf: csrf }).expect(303);
    assert.equal(await h.deps.db('glossary_terms').where({ id }).first(), undefined);
  });
});

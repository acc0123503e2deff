// POST /api/admin/a11y-check: the accessibility checks of a form's Markdown fields, for the editor
// and for scripts. Admins only; bad input is a clear 400; it never changes anything.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import request from 'supertest';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';

const ADMIN = { 'X-Admin-Key': 'demo-admin-key-change-me' };

describe('accessibility check endpoint', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp();
  });
  after(async () => {
    await h.close();
  });

  test('problems of both languages, each with field, language, rule and message', async () => {
    const res = await request(h.app)
      .post('/api/admin/a11y-check')
      .set(ADMIN)
      .send({
        values: {
          title: 'IMG_2041.jpg',
          content: '## Harvest\n\n![IMG_2041.jpg](/uploads/a.jpg)\n\n#### Skipped\n',
          contentDe: '## Ernte\n\nDen Bericht gibt es [hier klicken](/bericht.pdf).',
          draft: 'false',
        },
      })
      .expect(200);
    assert.deepEqual(
      res.body.problems.map((p: any) => [p.field, p.language, p.rule]),
      [
        ['content', 'en', 'image-alt-filename'],
        ['content', 'en', 'heading-order'],
        ['contentDe', 'de', 'link-generic'],
      ],
    );
    assert.match(res.body.problems[0].message, /IMG_2041\.jpg.*file name/);
    assert.equal(res.body.problems[0].severity, 'error');
  });

  test('good text: an empty list', async () => {
    const res = await request(h.app)
      .post('/api/admin/a11y-check')
      .set(ADMIN)
      .send({ values: { description: '## Water\n\n![Children at the new pump](/uploads/a.jpg)', descriptionDe: '## Wasser\n\nMehr im [Jahresbericht 2026](/bericht.pdf).' } })
      .expect(200);
    assert.deepEqual(res.body, { problems: [] });
  });

  test('bad input is a 400 with a clear message; strangers get 401', async () => {
    for (const body of [{}, { values: 'text' }, { values: { content: 42 } }, { values: { content: 'x'.repeat(100_001) } }]) {
      const res = await request(h.app).post('/api/admin/a11y-check').set(ADMIN).send(body);
      assert.equal(res.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(typeof res.body.error, 'string');
    }
    await request(h.app).post('/api/admin/a11y-check').send({ values: {} }).expect(401);
  });
});

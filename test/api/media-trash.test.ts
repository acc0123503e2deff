// The media library's trash: a delete moves a file there (out of the lists and the pickers, its
// address a 404 for visitors, its files kept), a restore brings it back with its variants, and the
// hourly purge deletes row and files 30 days later (the storage failing then leaves the files to
// the upload sweep, never served). The Media screen's question names where the content still
// shows the file; its no-JavaScript delete comes back with Undo.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { testApp } from '../helpers';
import type { AppHandle } from '../../app';
import { STORED_NAME } from '../../models/media/library';
import { queueTrashPurge } from '../../models/content/trash';
import { sweepUploads } from '../../models/media/sweep';
import type { FileStorage } from '../../models/providers/storage';

const KEY = 'mia-key-0123456789';
const ADMIN = { 'X-Admin-Key': KEY };
const DAY = 24 * 60 * 60 * 1000;

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 180, g: 111, b: 20 } } }).png().toBuffer();

describe('the media library trash', () => {
  let h: AppHandle;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-trash-'));
    h = await testApp({ UPLOAD_DIR: dir, ADMIN_KEYS: `Mia Meier <${KEY}>` });
  });
  after(async () => {
    await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const stored = async () => (await h.deps.storage.list()).map((e) => e.name).filter((n) => STORED_NAME.test(n));
  const upload = async (name: string) => {
    const res = await request(h.app).post('/api/media').set(ADMIN).field('category', 'projects').field('altText', `Photo ${name}`).field('altTextDe', `Foto ${name}`).attach('file', await png(700, 500), name).expect(201);
    await h.deps.jobs.idle();
    return (await request(h.app).get(`/api/media/${res.body.id}`).set(ADMIN).expect(200)).body as { id: number; fileName: string; url: string; variants: { fileName: string }[] };
  };
  const listed = async () => ((await request(h.app).get('/api/media').set(ADMIN).expect(200)).body as { id: number }[]).map((m) => m.id);
  const trashed = async () => (await request(h.app).get('/api/admin/trash?name=media').set(ADMIN).expect(200)).body as { id: number; label: string; about: string; aboutDe: string; deletedByName: string; daysLeft: number }[];

  test('a delete moves the file to the trash: out of the lists, a 404 for visitors, its files kept; a restore brings it back whole', async () => {
    const m = await upload('well.png');
    const names = [m.fileName, ...m.variants.map((v) => v.fileName)];
    assert.equal(names.length, 7);
    await request(h.app).delete(`/api/media/${m.id}`).set(ADMIN).expect(200);

    assert.ok(!(await listed()).includes(m.id), 'not in the library list (the pickers read it too)');
    await request(h.app).get(`/api/media/${m.id}`).set(ADMIN).expect(404);
    await request(h.app).put(`/api/media/${m.id}`).set(ADMIN).send({ category: 'projects', altText: 'Changed' }).expect(404);
    await request(h.app).delete(`/api/media/${m.id}`).set(ADMIN).expect(404);
    const gone = await request(h.app).get(m.url).expect(404);
    assert.doesNotMatch(gone.headers['cache-control'] ?? '', /immutable|max-age=[1-9]/, 'a 404 is not kept: a restore shows it at once');
    await request(h.app).get(`/uploads/${m.variants[0]!.fileName}`).expect(404);
    await request(h.app).head(m.url).expect(404);
    const files = await stored();
    assert.ok(names.every((n) => files.includes(n)), 'every file stays in the storage');

    const item = (await trashed()).find((x) => x.id === m.id)!;
    assert.equal(item.label, 'well.png');
    assert.equal(item.about, 'Photo well.png');
    assert.equal(item.aboutDe, 'Foto well.png');
    assert.equal(item.deletedByName, 'Mia Meier');
    assert.equal(item.daysLeft, 30);
    const entry = (await h.deps.db('audit_log').where({ entity: 'media', entityId: String(m.id), action: 'delete' }).first()) as { details: string; actorName: string };
    assert.deepEqual(JSON.parse(entry.details), { name: 'well.png', trash: true });

    // The variants job met the file in the trash: the restore queues it again and it makes them.
    await h.deps.db('media_items').where({ id: m.id }).update({ variants: '[]' });
    for (const n of names.slice(1)) await h.deps.storage.delete(n);
    const back = await request(h.app).post(`/api/admin/trash/media/${m.id}/restore`).set(ADMIN).expect(200);
    assert.equal(back.body.id, m.id);
    await h.deps.jobs.idle();
    assert.equal((await request(h.app).get(`/api/media/${m.id}`).set(ADMIN).expect(200)).body.variants.length, 6);
    assert.ok((await listed()).includes(m.id));
    await request(h.app).get(m.url).expect(200);
    await request(h.app).get(`/uploads/${names[1]}`).expect(200);
    assert.ok(!(await trashed()).some((x) => x.id === m.id));
    const undelete = await h.deps.db('audit_log').where({ entity: 'media', entityId: String(m.id), action: 'undelete' }).first();
    assert.equal(undelete.actorName, 'Mia Meier');
    await request(h.app).post(`/api/admin/trash/media/${m.id}/restore`).set(ADMIN).expect(404);
  });

  test('the hourly purge deletes what stayed 30 days, row and files, with its trace; a storage that fails leaves the files to the sweep', async () => {
    const old = await upload('old.png');
    const fresh = await upload('fresh.png');
    const broken = await upload('broken.png');
    for (const m of [old, fresh, broken]) await request(h.app).delete(`/api/media/${m.id}`).set(ADMIN).expect(200);
    await h.deps.db('media_items').whereIn('id', [old.id, broken.id]).update({ deletedAt: new Date(Date.now() - 31 * DAY).toISOString() });

    // The storage refuses to delete broken.png's files (their deletion comes after the row's).
    const storage: FileStorage = h.deps.storage;
    const realDelete = storage.delete.bind(storage);
    storage.delete = async (name: string) => {
      if (name.startsWith(broken.fileName.slice(0, 32))) throw new Error('storage down');
      return realDelete(name);
    };
    try {
      // The job as the queue runs it (controllers/jobs.ts): the content's purge and the library's.
      await queueTrashPurge(h.deps.jobs);
      await h.deps.jobs.idle();
    } finally {
      storage.delete = realDelete;
    }
    const rows = await h.deps.db('media_items').whereIn('id', [old.id, fresh.id, broken.id]).select('id');
    assert.deepEqual(rows.map((r: { id: number }) => Number(r.id)), [fresh.id], 'only the day-old one stays');
    const files = await stored();
    assert.ok(!files.some((n) => n.startsWith(old.fileName.slice(0, 32))), 'the purged files are gone');
    assert.ok(files.some((n) => n.startsWith(fresh.fileName.slice(0, 32))));
    assert.ok(files.includes(broken.fileName), 'the file the storage kept is still there...');
    await request(h.app).get(broken.url).expect(404);
    const swept = await sweepUploads({ ...h.deps, uploadDir: dir }, { now: Date.now() + 2 * 60 * 60 * 1000 });
    assert.ok(swept.stored.includes(broken.fileName), '...until the sweep, which no row stops');

    const erased = (await h.deps.db('audit_log').where({ entity: 'media', action: 'erase' }).orderBy('id')) as { actor: string; entityId: string; summary: string }[];
    assert.deepEqual(erased.map((e) => [e.actor, Number(e.entityId), e.summary]), [['system', old.id, 'old.png'], ['system', broken.id, 'broken.png']].sort((a, b) => Number(a[1]) - Number(b[1])));
    assert.ok((await h.deps.jobs.stats()).waiting >= 1, 'the next purge is queued');
  });

  test('the delete asks knowing where the content still shows the file; without JavaScript its message has Undo', async () => {
    const m = await upload('kiosk.png');
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send({ title: 'Solar Kiosk', titleDe: 'Solarkiosk', description: `See ![Kiosk](${m.url})`, descriptionDe: 'Sonne.', goalAmount: '500', imageUrl: '/images/projects/village-borehole-water-point.svg' }).expect(201)).body;
    const usage = (await request(h.app).get(`/api/media/${m.id}/usage`).set(ADMIN).expect(200)).body;
    assert.deepEqual(usage, { usedIn: [{ name: 'projects', id: p.id, label: 'Solar Kiosk', labelDe: 'Solarkiosk' }] });
    await request(h.app).get('/api/media/99999/usage').set(ADMIN).expect(404);

    const agent = request.agent(h.app);
    await agent.post('/admin-login').type('form').send({ key: KEY }).expect(303);
    const ask = await agent.get(`/de/admin/media?delete=${m.id}`).expect(200);
    assert.match(ask.text, /Diese Einträge der Website zeigen die Datei noch|Dieser Eintrag der Website zeigt die Datei noch/);
    assert.match(ask.text, new RegExp(`href="/de/admin/projects\\?edit=${p.id}#edit-form"[^>]*>Projekt: Solarkiosk<`));
    const csrf = /name="_csrf" value="([^"]+)"/.exec(ask.text)![1]!;
    await agent.post(`/de/admin/media/${m.id}/delete`).type('form').send({ _csrf: csrf }).expect(303);
    const after = await agent.get('/de/admin/media').expect(200);
    assert.match(after.text, /Medium gelöscht/);
    assert.match(after.text, new RegExp(`class="admin-flash-action" action="/de/admin/trash/media/${m.id}/restore" method="post">.*?>Rückgängig</button>`));
    const undo = await agent.post(`/de/admin/trash/media/${m.id}/restore`).type('form').send({ _csrf: csrf }).expect(303);
    assert.equal(undo.headers.location, '/de/admin/trash?kind=media');
    assert.match((await agent.get(undo.headers.location!).expect(200)).text, /Aus dem Papierkorb wiederhergestellt\..*kiosk\.png/s);
    await request(h.app).get(m.url).expect(200);
  });
});

// The admin speaks to volunteers in their language, without developer words: whether machine
// translation drafts are available is a fact of the admin's page (no OpenAI key: no buttons, one
// note), a draft asked for anyway is an expected 503 logged as one warning line; the Activity
// panel and the History read as sentences in the admin's language (amounts, dates and times in
// its format, versions named by who saved them and when), old entries written as English lines too.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { testApp, testAppWithAI } from '../helpers';
import type { AppHandle } from '../../app';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };

const KEY = 'anna-key-0123456789';
const ADMIN = { 'X-Admin-Key': KEY };

/** A signed-in browser session (the admin page needs one). */
async function session(h: AppHandle) {
  const agent = request.agent(h.app);
  await agent.post('/admin-login').type('form').send({ key: KEY }).expect(303);
  return agent;
}

/** The text of an HTML fragment as a person reads it (tags gone, entities and spaces folded). */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    // A link is part of its sentence (the Activity panel links its entries): no space of its own.
    .replace(/<\/?a\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

const between = (html: string, start: string, end: string) => {
  const i = html.indexOf(start);
  assert.ok(i >= 0, `${start} is on the page`);
  return html.slice(i, html.indexOf(end, i));
};

const project = (extra: Record<string, unknown> = {}) => ({
  title: 'Solar Kiosk',
  titleDe: 'Solarkiosk',
  description: 'A kiosk that charges phones with the sun.',
  descriptionDe: 'Ein Kiosk, der Telefone mit der Sonne lädt.',
  goalAmount: '5000',
  imageUrl: '/images/projects/village-borehole-water-point.svg',
  ...extra,
});

/** English pieces the German admin must not show (the old stored lines and labels). */
const ENGLISH_FRAGMENTS = [/revision #/i, /Revision #/, /\bUSD\b/, / on 20\d\d-/, /Version before/, /machine draft/, /Raised amount/, /\bchanged\b/, /\bsaved\b/, /Created|Updated|Edited/];

describe('machine drafts without an OpenAI key', () => {
  let h: AppHandle;
  const lines: Record<string, unknown>[] = [];
  before(async () => {
    h = await testApp({ OPENAI_API_KEY: '', ADMIN_KEYS: `Anna Muster <${KEY}>` });
    // The request's log lines, as the operator reads them.
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    h.deps.log = pino({ level: 'info' }, sink);
  });
  after(async () => h.close());

  test('the admin knows: the page and the session say machine drafts are not available', async () => {
    const agent = await session(h);
    const page = await agent.get('/admin').set('Accept', 'application/json').set('X-Admin-Route', 'admin').expect(200);
    assert.equal(page.body.props.machineDrafts, false);
    const me = await request(h.app).get('/api/admin/session').set(ADMIN).expect(200);
    assert.equal(me.body.machineDrafts, false);
  });

  test('the German edit form says once, in German, that drafts need an OpenAI key; no draft button', async () => {
    const agent = await session(h);
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201)).body;
    const html = (await agent.get(`/de/admin/projects?edit=${p.id}`).set('Accept', 'text/html').expect(200)).text;
    const note = de.admin.translate.unavailable;
    assert.match(note, /OpenAI-Schlüssel/);
    assert.equal(html.split(note).length - 1, 1, 'the note once per form, not by every field');
    assert.ok(!html.includes(en.admin.translate.unavailable));
    assert.ok(!html.includes(de.admin.translate.toDe) && !html.includes(de.admin.translate.wholeItem));
    assert.doesNotMatch(text(html), /OPENAI_API_KEY|npm run/);
  });

  test('a draft asked for anyway: 503 with a clear JSON error and its code, one warning line without a stack', async () => {
    lines.length = 0;
    const res = await request(h.app).post('/api/admin/translate').set(ADMIN).send({ text: 'Water', from: 'en', to: 'de' });
    assert.equal(res.status, 503);
    assert.match(String(res.headers['content-type']), /json/);
    assert.deepEqual(Object.keys(res.body).sort(), ['code', 'error']);
    assert.equal(res.body.code, 'assistant.not_configured');
    assert.match(res.body.error, /not configured/);
    await new Promise((r) => setImmediate(r));
    const failed = lines.filter((l) => Number(l.level) >= 40);
    assert.equal(failed.length, 1, JSON.stringify(lines));
    const line = failed[0]!;
    assert.equal(line.level, 40, 'a warning, not an error');
    assert.equal(line.code, 'assistant.not_configured');
    assert.equal(line.url, '/api/admin/translate');
    assert.ok(!('err' in line) && !JSON.stringify(line).includes('    at '), 'no stack trace');
  });
});

describe('machine drafts with an OpenAI key', () => {
  let h: AppHandle;
  let close: () => Promise<void>;
  before(async () => {
    ({ h, close } = await testAppWithAI({ ADMIN_KEYS: `Anna Muster <${KEY}>` }));
  });
  after(() => close());

  test('the page and the session say they are available; the forms show no note', async () => {
    const agent = await session(h);
    assert.equal((await agent.get('/admin').set('Accept', 'application/json').set('X-Admin-Route', 'admin').expect(200)).body.props.machineDrafts, true);
    assert.equal((await request(h.app).get('/api/admin/session').set(ADMIN).expect(200)).body.machineDrafts, true);
    const html = (await agent.get('/de/admin/projects?new=1').set('Accept', 'text/html').expect(200)).text;
    assert.ok(!html.includes(de.admin.translate.unavailable));
  });
});

describe('activity and history in the admin language', () => {
  let h: AppHandle;
  before(async () => {
    h = await testApp({ ADMIN_KEYS: `Anna Muster <${KEY}>` });
  });
  after(async () => h.close());

  test('German sentences with Swiss time, Swiss amounts and versions named by who and when', async () => {
    const p = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project()).expect(201)).body;
    const first = (await request(h.app).get(`/api/admin/projects/${p.id}/revisions`).set(ADMIN).expect(200)).body[0];
    await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ titleDe: 'Solarkiosk im Dorf' })).expect(200);
    await request(h.app).put(`/api/admin/projects/${p.id}`).set(ADMIN).send(project({ titleDe: 'Solarkiosk im Dorf', raisedAmount: '1250.5', raisedAmountBase: '0.00' })).expect(200);
    await request(h.app).post(`/api/admin/projects/${p.id}/spending`).set(ADMIN).send({ date: '2026-11-27', amount: '1250.50', category: 'transport', description: 'Truck hire', descriptionDe: 'Lastwagenmiete' }).expect(201);
    await request(h.app).post(`/api/admin/revisions/${first.id}/restore`).set(ADMIN).expect(200);
    // Entries written before the details were stored: only their English line.
    const at = '2026-11-27T13:05:00.000Z';
    await h.deps.db('audit_log').insert([
      { actor: 'key:old', actorName: 'Beat Brunner', action: 'restore', entity: 'project', entityId: String(p.id), summary: `Solar Kiosk (revision #${first.id})`, createdAt: at },
      { actor: 'key:old', actorName: 'Beat Brunner', action: 'create', entity: 'spending', entityId: '99', summary: '1250.50 USD transport on 2026-11-27: Truck hire (Solar Kiosk)', createdAt: at },
      { actor: 'key:old', actorName: 'Beat Brunner', action: 'adjust', entity: 'project', entityId: String(p.id), summary: 'Raised amount adjusted by -40.00 USD (now 1210.50 USD): Solar Kiosk', createdAt: at },
    ]);

    const agent = await session(h);
    const page = (await agent.get(`/de/admin/projects?edit=${p.id}`).set('Accept', 'text/html').expect(200)).text;
    const activity = text(between(page, '<ol class="activity-list"', '</ol>'));
    const year = new Date().getFullYear();
    const spendingDay = year === 2026 ? '27. Nov.' : '27. Nov. 2026';
    const oldWhen = year === 2026 ? '27. Nov., 14:05' : '27. Nov. 2026, 14:05';
    // The edit of one field, named; the project by its German title of the moment.
    assert.match(activity, /Anna Muster hat den deutschen Titel des Projekts «Solarkiosk im Dorf» geändert, \d{1,2}\. [A-ZÄa-zä]+\.?( \d{4})?, \d\d:\d\d/);
    // The raised amount, in Swiss format with its currency.
    assert.match(activity, /Anna Muster hat den gesammelten Betrag des Projekts «Solarkiosk im Dorf» um \+\$1’250\.50 auf \$1’250\.50 korrigiert/);
    // The spending record, its category and day in German, its German description.
    assert.ok(activity.includes(`Anna Muster hat eine Ausgabe von $1’250.50 (Transport, ${spendingDay}) für das Projekt «Solarkiosk im Dorf» erfasst: «Lastwagenmiete»`), activity);
    // The restore names the version by who saved it and when.
    assert.match(activity, /Anna Muster hat die Fassung des Projekts «Solarkiosk» wiederhergestellt, die Anna Muster am \d{1,2}\. [^,]+, \d\d:\d\d gespeichert hatte/);
    // The old English lines, read as German sentences (Swiss time: 13:05 UTC is 14:05 in November);
    // the project by its German title now, as it still carries the English title they name. An old
    // spending line names its project only in English.
    assert.ok(activity.includes(`Beat Brunner hat die Fassung des Projekts «Solarkiosk» wiederhergestellt, die Anna Muster am `), activity);
    assert.ok(activity.includes(`Beat Brunner hat eine Ausgabe von $1’250.50 (Transport, ${spendingDay}) für das Projekt «Solar Kiosk» erfasst: «Truck hire», ${oldWhen}`), activity);
    assert.ok(activity.includes(`Beat Brunner hat den gesammelten Betrag des Projekts «Solarkiosk» um -$40.00 auf $1’210.50 korrigiert, ${oldWhen}`), activity);
    for (const english of ENGLISH_FRAGMENTS) assert.doesNotMatch(activity, english);

    // The History of the form: sentences, versions named by who and when.
    const history = text(between(page, '<ol class="history-list"', '</ol>'));
    assert.match(history, /Anna Muster hat eine frühere Fassung wiederhergestellt, \d{1,2}\. /);
    assert.match(history, /Anna Muster hat den deutschen Titel geändert, \d{1,2}\. [^,]+, \d\d:\d\d/);
    assert.match(history, /Anna Muster hat den Eintrag erstellt, /);
    for (const english of ENGLISH_FRAGMENTS) assert.doesNotMatch(history, english);
    assert.match(page, /aria-label="Mit der aktuellen Fassung vergleichen: die von Anna Muster am \d{1,2}\. [^"]+ gespeicherte Fassung"/);

    // A comparison names the version the same way (no "Version #3").
    const revisions = (await request(h.app).get(`/api/admin/projects/${p.id}/revisions`).set(ADMIN).expect(200)).body as { id: number; action: string; changedFields: string[] }[];
    const edited = revisions.find((r) => r.action === 'update' && r.changedFields.includes('titleDe'))!;
    const compare = (await agent.get(`/de/admin/projects?edit=${p.id}&revision=${edited.id}&restore=1`).set('Accept', 'text/html').expect(200)).text;
    const section = text(between(compare, '<section class="history-comparison"', '</section>'));
    assert.match(section, /Vergleich mit der aktuellen Fassung: die von Anna Muster am \d{1,2}\. [^,]+, \d\d:\d\d gespeicherte Fassung/);
    assert.match(section, /Gespeichert von Anna Muster, \d{1,2}\. /);
    assert.match(section, /Soll die von Anna Muster am .* gespeicherte Fassung wiederhergestellt werden\?/);
    assert.doesNotMatch(section, /#\d|Version #|Revision/);

    // The same entries in English.
    const enPage = (await agent.get(`/admin/projects?edit=${p.id}`).set('Accept', 'text/html').expect(200)).text;
    const enActivity = text(between(enPage, '<ol class="activity-list"', '</ol>'));
    assert.match(enActivity, /Anna Muster changed the German title of the project “Solar Kiosk”, \d{1,2} [A-Z][a-z]{2}( \d{4})?, \d\d:\d\d/);
    assert.match(enActivity, /Anna Muster adjusted the raised amount of the project “Solar Kiosk” by \+\$1,250\.50 to \$1,250\.50/);
    assert.ok(enActivity.includes(`Beat Brunner recorded an expense of $1,250.50 (Transport, ${spendingDay.replace('. Nov.', ' Nov')}) for the project “Solar Kiosk”: “Truck hire”`), enActivity);
    const enHistory = text(between(enPage, '<ol class="history-list"', '</ol>'));
    assert.match(enHistory, /Anna Muster changed the German title, \d{1,2} [A-Z][a-z]{2}( \d{4})?, \d\d:\d\d/);
    assert.doesNotMatch(enHistory, /Revision #|Version before/);
  });

  test('the item as it was before the history began is said as such, in both languages', async () => {
    // An item saved before revisions were kept: its first change keeps the earlier text as the baseline.
    const { id } = (await request(h.app).post('/api/admin/projects').set(ADMIN).send(project({ title: 'Old Well', titleDe: 'Alter Brunnen' })).expect(201)).body;
    await h.deps.db('revisions').where({ entity: 'project', entityId: id }).delete();
    await request(h.app).put(`/api/admin/projects/${id}`).set(ADMIN).send(project({ title: 'Old Well', titleDe: 'Der alte Brunnen' })).expect(200);
    const agent = await session(h);
    const dePage = (await agent.get(`/de/admin/projects?edit=${id}`).set('Accept', 'text/html').expect(200)).text;
    const deHistory = text(between(dePage, '<ol class="history-list"', '</ol>'));
    assert.match(deHistory, /So, wie es vor Beginn des Verlaufs war, /);
    assert.doesNotMatch(deHistory, /Stand vor dem Verlauf|Version before/);
    const enPage = (await agent.get(`/admin/projects?edit=${id}`).set('Accept', 'text/html').expect(200)).text;
    assert.match(text(between(enPage, '<ol class="history-list"', '</ol>')), /As it was before the history began, /);
  });
});

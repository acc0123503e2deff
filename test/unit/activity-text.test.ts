// The Activity panel's and the History's sentences: Swiss time in each language's format, the old
// English audit lines read back into details, and the sentences built from them in German and
// English with no English fragment in the German.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../locales/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import { createI18n } from '../../views/i18n';
import type { TFunction } from '../../views/translate';
import { activitySentence, fieldsPhrase, formatDay, formatWhen, revisionSentence, versionName, type ActivityFacts } from '../../views/admin/lib/activity-text';
import { detailsFromSummary } from '../../models/people/audit';
import { activityHref } from '../../views/admin/activity';

const tOf = (lang: 'en' | 'de'): TFunction => {
  const i18n = createI18n(lang, { en, de });
  return i18n.t.bind(i18n) as unknown as TFunction;
};
const T = { en: tOf('en'), de: tOf('de') };
const NOW = new Date('2026-12-01T10:00:00Z');

test('times are Swiss time, in the language format; another year is named', () => {
  // 13:05 UTC in November is 14:05 in Zurich; in July (summer time) 12:00 UTC is 14:00.
  assert.equal(formatWhen('2026-11-27T13:05:00Z', 'en', NOW), '27 Nov, 14:05');
  assert.equal(formatWhen('2026-11-27T13:05:00Z', 'de', NOW), '27. Nov., 14:05');
  assert.equal(formatWhen('2026-07-01T12:00:00Z', 'de', NOW), '1. Juli, 14:00');
  assert.equal(formatWhen('2026-03-03T23:30:00Z', 'de', NOW), '4. M\u00e4rz, 00:30', 'the Swiss day, not the UTC one');
  assert.equal(formatWhen('2025-11-27T13:05:00Z', 'en', NOW), '27 Nov 2025, 14:05');
  assert.equal(formatWhen('2025-11-27T13:05:00Z', 'de', NOW), '27. Nov. 2025, 14:05');
  assert.equal(formatDay('2026-11-27', 'de', NOW), '27. Nov.');
  assert.equal(formatDay('2024-09-02', 'en', NOW), '2 Sep 2024');
  assert.equal(formatWhen('not a date', 'en', NOW), '');
});

test('old English audit lines are read back into details', () => {
  assert.deepEqual(detailsFromSummary('restore', 'project', '3', 'Solar Kiosk (revision #12)'), { name: 'Solar Kiosk', revision: { id: 12 } });
  assert.deepEqual(detailsFromSummary('update', 'team', '3', 'Rudo (machine draft: positionDe, bioDe)'), { name: 'Rudo', machine: ['positionDe', 'bioDe'] });
  assert.deepEqual(detailsFromSummary('adjust', 'project', '3', 'Raised amount adjusted by +300.00 USD (now 1250.50 USD): Solar Kiosk'), { name: 'Solar Kiosk', amountCents: 30000, totalCents: 125050, currency: 'USD' });
  assert.deepEqual(detailsFromSummary('create', 'spending', '9', '1250.50 USD transport on 2026-11-27: Truck hire (to the clinic) (Solar Kiosk)'), {
    amountCents: 125050,
    currency: 'USD',
    category: 'transport',
    date: '2026-11-27',
    description: 'Truck hire (to the clinic)',
    project: 'Solar Kiosk',
  });
  assert.deepEqual(detailsFromSummary('login', 'session', null, 'Logged in with an e-mail link'), { method: 'email' });
  assert.deepEqual(detailsFromSummary('export', 'donations', null, '6'), { count: 6 });
  assert.deepEqual(detailsFromSummary('start', 'certificates', '1', '2025'), { year: 2025 });
  assert.deepEqual(detailsFromSummary('send', 'newsletter', null, '[Test] Autumn letter \u2192 me@example.org'), { name: 'Autumn letter', to: 'me@example.org' });
  assert.deepEqual(detailsFromSummary('send', 'newsletter', 'c1', 'Autumn letter (42)'), { name: 'Autumn letter', count: 42 });
  assert.deepEqual(detailsFromSummary('generate', 'social', '2', 'Solar Kiosk (Facebook, Twitter/X)'), { name: 'Solar Kiosk', platforms: ['Facebook', 'Twitter/X'] });
  assert.deepEqual(detailsFromSummary('upload', 'media', '2', 'roof (1).jpg'), { name: 'roof (1).jpg' });
});

const anna = { actor: 'key:a1b2c3d4', actorName: 'Anna Muster' };
const line = (facts: Partial<ActivityFacts>): ActivityFacts => ({ ...anna, action: 'update', entity: 'project', summary: null, details: {}, ...facts });

test('the sentences in German have no English in them, and read as German', () => {
  const t = T.de;
  const say = (facts: Partial<ActivityFacts>) => activitySentence(t, 'de', line(facts));
  assert.equal(say({ details: { name: 'Solar Kiosk', fields: ['titleDe'] } }), 'Anna Muster hat den deutschen Titel des Projekts «Solar Kiosk» geändert');
  assert.equal(
    say({ details: { name: 'Solar Kiosk', fields: ['status', 'title', 'titleDe', 'goalAmount'] } }),
    'Anna Muster hat den englischen Titel, den deutschen Titel und 2 weitere Felder des Projekts «Solar Kiosk» geändert',
  );
  assert.equal(say({ action: 'adjust', details: detailsFromSummary('adjust', 'project', '1', 'Raised amount adjusted by -40.00 USD (now 1210.50 USD): Solar Kiosk') }), 'Anna Muster hat den gesammelten Betrag des Projekts «Solar Kiosk» um -$40.00 auf $1’210.50 korrigiert');
  assert.equal(
    say({ action: 'create', entity: 'spending', details: detailsFromSummary('create', 'spending', '9', '1250.50 USD transport on 2025-11-27: Truck hire (Solar Kiosk)') }),
    'Anna Muster hat eine Ausgabe von $1’250.50 (Transport, 27. Nov. 2025) für das Projekt «Solar Kiosk» erfasst: «Truck hire»',
  );
  assert.equal(say({ action: 'restore', details: { name: 'Solar Kiosk', revision: { id: 3 } } }), 'Anna Muster hat eine frühere Fassung des Projekts «Solar Kiosk» wiederhergestellt');
  assert.match(say({ action: 'restore', details: { name: 'Solar Kiosk', revision: { id: 3, actor: 'x', actorName: 'Beat Brunner', at: '2026-11-27T13:05:00Z' } } }), /^Anna Muster hat die Fassung des Projekts «Solar Kiosk» wiederhergestellt, die Beat Brunner am 27\. Nov\.( 2026)?, 14:05 gespeichert hatte$/);
  assert.equal(say({ action: 'restore', details: { name: 'Solar Kiosk', revision: { id: 3, action: 'baseline' } } }), 'Anna Muster hat die Fassung des Projekts «Solar Kiosk» von vor Beginn des Verlaufs wiederhergestellt');
  assert.equal(say({ action: 'update', entity: 'page', details: { name: 'about', fields: ['texts'] } }), 'Anna Muster hat die Seitentexte der Seite «Über uns» geändert');
  assert.equal(say({ actor: 'system', actorName: null, action: 'publish', entity: 'news', summary: 'Harvest' }), 'Die Neuigkeit «Harvest» wurde wie geplant veröffentlicht');
  assert.equal(say({ action: 'login', entity: 'session', details: { method: 'key' } }), 'Anna Muster hat sich mit einem Admin-Schlüssel angemeldet');
  assert.equal(say({ action: 'login', entity: 'session', count: 3 }), 'Anna Muster hat sich 3-mal angemeldet');
  assert.equal(say({ action: 'export', entity: 'donations', details: { count: 1200 } }), 'Anna Muster hat die Spendenliste heruntergeladen (1’200 Spenden)');
  assert.equal(say({ action: 'send', entity: 'newsletter', details: { name: 'Herbstbrief', count: 1 } }), 'Anna Muster hat den Newsletter «Herbstbrief» an eine Person versendet');
  assert.equal(say({ action: 'weird', entity: 'thing', summary: 'X' }), 'Anna Muster: weird, thing «X»', 'unknown entries still say who and what');
  for (const english of [' USD', 'revision #', ' on 20', 'machine draft', 'Raised amount']) {
    assert.ok(!say({ action: 'adjust', details: { name: 'P', amountCents: 100, totalCents: 200, currency: 'USD' } }).includes(english));
  }
});

test('the same in English, with English number and date formats', () => {
  const t = T.en;
  const say = (facts: Partial<ActivityFacts>) => activitySentence(t, 'en', line(facts));
  assert.equal(say({ details: { name: 'Solar Kiosk', fields: ['titleDe'] } }), 'Anna Muster changed the German title of the project “Solar Kiosk”');
  assert.equal(say({ action: 'adjust', details: { name: 'Solar Kiosk', amountCents: 125050, totalCents: 125050, currency: 'USD' } }), 'Anna Muster adjusted the raised amount of the project “Solar Kiosk” by +$1,250.50 to $1,250.50');
  assert.equal(fieldsPhrase(t, ['unknownA', 'unknownB']), '2 fields');
  assert.equal(fieldsPhrase(t, ['title', 'unknownA']), 'the English title and one other field');
});

test('the History names versions by who saved them and when, and the one before the history as such', () => {
  const rev = { ...anna, action: 'update', changedFields: ['titleDe'], createdAt: '2026-11-27T13:05:00Z' };
  assert.equal(revisionSentence(T.de, rev), 'Anna Muster hat den deutschen Titel geändert');
  assert.equal(revisionSentence(T.en, rev), 'Anna Muster changed the German title');
  assert.equal(revisionSentence(T.en, { ...rev, action: 'baseline', actor: 'system', actorName: null }), 'As it was before the history began');
  assert.equal(revisionSentence(T.de, { ...rev, action: 'baseline', actor: 'system', actorName: null }), 'So, wie es vor Beginn des Verlaufs war');
  assert.match(versionName(T.en, 'en', rev), /^the version Anna Muster saved on 27 Nov( 2026)?, 14:05$/);
  assert.match(versionName(T.de, 'de', rev), /^die von Anna Muster am 27\. Nov\.( 2026)?, 14:05 gespeicherte Fassung$/);
});

test("people's data requests read as sentences, naming the pseudonym, never an address", () => {
  const person = 'erased-0123456789abcdef@invalid';
  const facts = (action: string, actor = 'privacy-link', actorName: string | null = null): ActivityFacts => ({ actor, actorName, action, entity: 'person', details: { name: person } });
  assert.equal(activitySentence(T.en, 'en', facts('privacy-access-asked')), `Someone asked by e-mail for the data of ${person}`);
  assert.equal(activitySentence(T.de, 'de', facts('privacy-erasure-asked')), `Jemand hat per E-Mail die Löschung der Daten von ${person} verlangt`);
  assert.equal(activitySentence(T.en, 'en', facts('privacy-access')), `The data of ${person} was shown to them through their e-mailed link`);
  assert.equal(activitySentence(T.en, 'en', facts('privacy-access', 'key:abcd1234', 'Ben')), `Ben showed the data of ${person}`);
  assert.equal(activitySentence(T.de, 'de', facts('privacy-erasure', 'admin@example.org', 'Anna Muster')), `Anna Muster hat die Daten von ${person} gelöscht`);
});

test('admins who are people: invitations, removals, passkeys and passkey sign-ins, in both languages', () => {
  const f = (action: string, entity: string, details: ActivityFacts['details'] = {}): ActivityFacts => ({ actor: 'ada@example.org', actorName: 'Ada', action, entity, details });
  assert.equal(activitySentence(T.en, 'en', f('invite', 'admin_person', { name: 'Lena Keller', role: 'editor' })), 'Ada invited Lena Keller with the role Editor');
  assert.equal(activitySentence(T.de, 'de', f('invite', 'admin_person', { name: 'Lena Keller', role: 'treasurer' })), 'Ada hat Lena Keller mit der Rolle Finanzen eingeladen');
  assert.equal(activitySentence(T.de, 'de', f('remove', 'admin_person', { name: 'Otto Graf', role: 'editor' })), 'Ada hat Otto Graf aus dem Admin-Team entfernt');
  assert.equal(activitySentence(T.en, 'en', f('create', 'passkey', { name: 'Phone' })), 'Ada added a passkey (Phone)');
  assert.equal(activitySentence(T.de, 'de', f('delete', 'passkey')), 'Ada hat einen Passkey entfernt');
  assert.equal(activitySentence(T.de, 'de', f('login', 'session', { method: 'passkey' })), 'Ada hat sich mit einem Passkey angemeldet');
  assert.equal(activitySentence(T.en, 'en', f('logout', 'session')), 'Ada signed out everywhere');
});

test("the yearly impact report's introduction: which language changed, in both languages", () => {
  const f = (fields: string[] | undefined): ActivityFacts => ({ actor: 'ada@example.org', actorName: 'Ada', action: 'update', entity: 'impact_report', details: { year: 2025, ...(fields ? { fields } : {}) } });
  assert.equal(activitySentence(T.en, 'en', f(['intro', 'introDe'])), 'Ada changed the introduction to the 2025 impact report');
  assert.equal(activitySentence(T.en, 'en', f(['intro'])), 'Ada changed the English introduction to the 2025 impact report');
  assert.equal(activitySentence(T.de, 'de', f(['introDe'])), 'Ada hat die deutsche Einleitung zum Wirkungsbericht 2025 geändert');
  assert.equal(activitySentence(T.de, 'de', f([])), 'Ada hat die Einleitung zum Wirkungsbericht 2025 ohne Änderungen gespeichert');
  assert.equal(activitySentence(T.de, 'de', f(undefined)), 'Ada hat die Einleitung zum Wirkungsbericht 2025 geändert');
});

test("an item's German title for a German reader, the media trash in both languages, and where each entry links", () => {
  const who = { actor: 'key:abc', actorName: 'Anna Muster' };
  const news: ActivityFacts = { ...who, action: 'delete', entity: 'news', details: { name: 'The goats arrived', nameDe: 'Die Ziegen sind da' } };
  assert.equal(activitySentence(T.de, 'de', news), 'Anna Muster hat die Neuigkeit «Die Ziegen sind da» in den Papierkorb verschoben');
  assert.equal(activitySentence(T.en, 'en', news), 'Anna Muster moved the news article “The goats arrived” to the trash');
  // No German title: the one title there is (an old entry, a team member's name).
  assert.equal(activitySentence(T.de, 'de', { ...who, action: 'create', entity: 'team', details: { name: 'Rudo' } }), 'Anna Muster hat das Teammitglied «Rudo» erstellt');

  const file = (action: string, details: ActivityFacts['details'], actor: Pick<ActivityFacts, 'actor' | 'actorName'> = who) => activitySentence(T.de, 'de', { ...actor, action, entity: 'media', details });
  assert.equal(file('delete', { name: 'well.png', trash: true }), 'Anna Muster hat die Datei «well.png» in den Papierkorb verschoben');
  assert.equal(file('undelete', { name: 'well.png' }), 'Anna Muster hat die Datei «well.png» aus dem Papierkorb zurückgeholt');
  assert.equal(file('erase', { name: 'well.png' }, { actor: 'system', actorName: null }), 'Die Datei «well.png» wurde endgültig aus dem Papierkorb gelöscht');
  assert.equal(activitySentence(T.en, 'en', { ...who, action: 'delete', entity: 'media', details: { name: 'well.png' } }), 'Anna Muster deleted the file “well.png”', 'a delete from before the trash removed the file');

  const item = (state: 'live' | 'trash', name = 'news') => ({ name, id: 12, state });
  assert.equal(activityHref({ action: 'delete', item: item('trash') }, 'de', 'editor'), '/de/admin/trash?kind=news#trash-news-12');
  assert.equal(activityHref({ action: 'delete', item: item('trash') }, 'en', 'treasurer'), null, 'no Trash screen for a treasurer');
  assert.equal(activityHref({ action: 'update', item: item('trash') }, 'en', 'admin'), null, 'a trashed item has no form to open');
  assert.equal(activityHref({ action: 'update', item: item('live') }, 'en', 'treasurer'), '/admin/news?edit=12#edit-form');
  assert.equal(activityHref({ action: 'upload', item: item('live', 'media') }, 'de', 'editor'), '/de/admin/media?edit=12#media-12');
  assert.equal(activityHref({ action: 'login' }, 'en', 'admin'), null);
});

test('a lifted suppression: who, the address and why it was suppressed, in both languages', () => {
  const f = (reason: string): ActivityFacts => ({ actor: 'anna@example.org', actorName: 'Anna', action: 'lift', entity: 'subscriber', details: { name: 'ben@example.org', reason } });
  assert.equal(activitySentence(T.en, 'en', f('hard_bounce')), 'Anna lifted the suppression of ben@example.org (hard bounce)');
  assert.equal(activitySentence(T.de, 'de', f('hard_bounce')), 'Anna hat die Sperre von ben@example.org aufgehoben (unzustellbar)');
  assert.equal(activitySentence(T.de, 'de', f('complaint')), 'Anna hat die Sperre von ben@example.org aufgehoben (Spam-Beschwerde)');
  assert.equal(activitySentence(T.en, 'en', f('cleaned')), 'Anna lifted the suppression of ben@example.org (cleaned by Mailchimp)');
  assert.equal(T.de('admin.activity.actions.lift'), 'Sperre aufgehoben');
});

// The Activity panel's entries and the History's versions as sentences in the admin's language
// ("Anna Muster changed the German title of the project “Solar Kiosk”" / "Anna Muster hat den
// deutschen Titel des Projekts «Solar Kiosk» geändert"), worded when they are shown from what
// the entry is about (action, entity, details), never from the English line stored beside it:
// entries written before the details were stored read the same way (models/people/audit.ts reads
// their line back into details). Times are Swiss time; amounts and dates in the language's format.
import type { AuditDetails } from '../../../models/shared/audit-details';
import type { AuditRevisionRef } from '../../../models/shared/audit-details';
import { formatAmount } from '../../../models/shared/donation-rules';
import { isLineCategory } from '../../../models/shared/bank-statement-rules';
import { formatNumber } from '../../../models/shared/rules';
import type { TFunction } from '../../translate';
import type { Lang } from '../../types';


/** What a sentence is made from: an audit entry (or a revision, which has no details). */
export interface ActivityFacts {
  actor: string;
  actorName: string | null;
  action: string;
  entity: string;
  summary?: string | null;
  details?: AuditDetails | null;
  /** Sign-ins grouped into one line. */
  count?: number;
}

// ---- Swiss time, written by hand -----------------------------------------------------------
// Only the numbers come from Intl (the time zone); the words are ours: the ICU of Node and of a
// browser name months differently ("Sep"/"Sept"), and the server's HTML must equal the hydrated page.

const MONTHS: Record<Lang, string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  de: ['Jan.', 'Feb.', 'M\u00e4rz', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
};

let zurich: Intl.DateTimeFormat | null = null;

/** Year, month (1-12), day, hour and minute of a moment in Swiss time. */
function swissParts(d: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  zurich ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  const parts = Object.fromEntries(zurich.formatToParts(d).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

function dayText(year: number, month: number, day: number, lang: Lang, now: Date): string {
  const withYear = year !== swissParts(now).year ? ` ${year}` : '';
  const mon = MONTHS[lang][month - 1]!;
  return lang === 'de' ? `${day}. ${mon}${withYear}` : `${day} ${mon}${withYear}`;
}

/** "27 Nov, 14:05" / "27. Nov., 14:05" in Swiss time; another year than this one is named. */
export function formatWhen(iso: string, lang: Lang, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = swissParts(d);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${dayText(p.year, p.month, p.day, lang, now)}, ${pad(p.hour)}:${pad(p.minute)}`;
}

/** A calendar day (YYYY-MM-DD): "27 Nov" / "27. Nov."; another year than this one is named. */
export function formatDay(ymd: string, lang: Lang, now: Date = new Date()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  return dayText(Number(m[1]), Number(m[2]), Number(m[3]), lang, now);
}

// ---- Who ------------------------------------------------------------------------------------

/**
 * Who did something, in the page's language: the stored name, else the scheduler and the trash
 * purge ("system") as "Automatic", an unnamed key as "Admin key c14d7bde", an e-mail address as itself.
 */
export function actorLabel(t: TFunction, actor: string | null, actorName?: string | null): string {
  if (actorName) return actorName;
  if (!actor) return '?';
  if (actor === 'system') return t('admin.activity.system');
  if (actor === 'privacy-link') return t('admin.activity.privacyLink');
  if (actor.startsWith('key:')) return t('admin.keyLabel', { fingerprint: actor.slice(4) });
  return actor;
}

// ---- What -----------------------------------------------------------------------------------

/** Entities with a form, fields and a history. */
const CONTENT = new Set(['project', 'news', 'team', 'page']);
/** Entities named with their kind ("the file “a.jpg”"). */
const NAMED = new Set([...CONTENT, 'media']);
/** Fields the sentences name ("the German title"); others are counted ("2 other fields"). */
const FIELD_NAMES = new Set([
  'title', 'titleDe', 'description', 'descriptionDe', 'abstract', 'abstractDe', 'content', 'contentDe', 'position', 'positionDe', 'bio', 'bioDe',
  'name', 'status', 'order', 'raisedAmount', 'goalAmount', 'imageUrl', 'slug', 'projectId', 'publishedAt', 'excerpt', 'location', 'pageName',
  'metaDescription', 'metaDescriptionDe', 'draft', 'publishAt', 'texts', 'startDate',
]);
/** More fields than this: the first ones named, the rest counted. */
const FIELDS_NAMED = 3;

const capitalize = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

export const quoted = (t: TFunction, text: string) => t('admin.activity.quoted', { text });

/** "a, b and c" / "a, b und c". */
function joinList(t: TFunction, items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${t('admin.activity.and')} ${items.at(-1)}`;
}

/** The changed fields as words: "the German title and the status", "the title, the text and 3 other fields". */
export function fieldsPhrase(t: TFunction, fields: string[]): string {
  // In the order of the forms (titles first), not the stored alphabetical one.
  const order = [...FIELD_NAMES];
  const known = fields.filter((f) => FIELD_NAMES.has(f)).sort((x, y) => order.indexOf(x) - order.indexOf(y));
  if (!known.length) return t('admin.activity.fieldCount', { count: fields.length });
  const shown = fields.length <= FIELDS_NAMED && known.length === fields.length ? known : known.slice(0, FIELDS_NAMED - 1);
  const others = fields.length - shown.length;
  const words = shown.map((f) => t(`admin.activity.fieldNames.${f}`));
  return joinList(t, others ? [...words, t('admin.activity.otherFields', { count: others })] : words);
}

/** Whether `fieldsPhrase` names every field (the History then needs no list of them). */
export const namesEveryField = (fields: string[]) => fields.length <= FIELDS_NAMED && fields.every((f) => FIELD_NAMES.has(f));

/** The item, with its kind: "the project “Solar Kiosk”" (of: "des Projekts «Solar Kiosk»" in German). */
function thing(t: TFunction, entity: string, name: string | undefined, of = false): string {
  if (!NAMED.has(entity)) return name ? quoted(t, name) : '';
  const shown = entity === 'page' && name ? t(`admin.pageNames.${name}`, { defaultValue: name }) : name;
  if (shown) return t(`admin.activity.${of ? 'thingsOf' : 'things'}.${entity}`, { name: shown });
  return t(`admin.activity.${of ? 'thingsOfUnnamed' : 'thingsUnnamed'}.${entity}`);
}

/** A signed amount: "+$300.00", "-$40.00" (Swiss grouping in German). */
function signedAmount(cents: number, currency: string, lang: Lang): string {
  return `${cents > 0 ? '+' : ''}${formatAmount(cents, currency.toLowerCase(), lang, 2)}`;
}

/** The version a restore brought back, worded. */
function restoreSentence(t: TFunction, lang: Lang, who: string, entity: string, name: string | undefined, revision: AuditRevisionRef | undefined): string {
  const thingOf = thing(t, entity, name, true);
  if (revision?.action === 'baseline') return t('admin.activity.says.restoreBaseline', { who, thingOf });
  if (revision?.at) return t('admin.activity.says.restoreBy', { who, thingOf, by: actorLabel(t, revision.actor ?? null, revision.actorName), at: formatWhen(revision.at, lang) });
  return t('admin.activity.says.restore', { who, thingOf });
}

/** One Activity entry as a sentence in the admin's language (its time is shown after it). */
export function activitySentence(t: TFunction, lang: Lang, e: ActivityFacts): string {
  const d: AuditDetails = e.details ?? {};
  // The item's German title for a German reader, when the entry knows one (models/content/trash.ts
  // withActivityItems finds it for entries written before it was stored).
  const name = (lang === 'de' && d.nameDe) || (d.name ?? e.summary ?? undefined);
  const who = actorLabel(t, e.actor, e.actorName);
  const say = (key: string, values: Record<string, unknown> = {}) => t(`admin.activity.says.${key}`, { who, ...values });
  const a = e.action;

  if (e.entity === 'session' && a === 'login') {
    if ((e.count ?? 1) > 1) return say('loginTimes', { count: e.count });
    return say(d.method === 'key' ? 'loginKey' : d.method === 'email' ? 'loginEmail' : d.method === 'passkey' ? 'loginPasskey' : 'login');
  }
  if (e.entity === 'session' && a === 'logout') return say('signedOutEverywhere');
  // Admins who are people: invited, removed; their passkeys.
  if (e.entity === 'admin_person' && name && (a === 'invite' || a === 'remove')) {
    const role = d.role ? t(`admin.people.roles.${d.role}`, { defaultValue: d.role }) : '';
    return say(a === 'invite' ? 'invite' : 'removePerson', { name, role });
  }
  if (e.entity === 'passkey' && a === 'create') return say('passkeyAdded', { name: name ?? '' });
  if (e.entity === 'passkey' && a === 'delete') return say('passkeyRemoved');
  if (CONTENT.has(e.entity)) {
    // The scheduler and the trash purge: nobody to name, the item says what happened to it.
    if (e.actor === 'system' && a === 'publish') return capitalize(t('admin.activity.says.publishAuto', { thing: thing(t, e.entity, name) }));
    if (e.actor === 'system' && a === 'erase') return capitalize(t('admin.activity.says.eraseAuto', { thing: thing(t, e.entity, name) }));
    switch (a) {
      case 'create':
      case 'publish':
        return say(a, { thing: thing(t, e.entity, name) });
      case 'update':
        if (d.fields && d.fields.length === 0) return say('unchanged', { thing: thing(t, e.entity, name) });
        if (d.fields?.length) return say('updateFields', { fields: fieldsPhrase(t, d.fields), thingOf: thing(t, e.entity, name, true) });
        return say('update', { thing: thing(t, e.entity, name) });
      case 'delete':
        return say('trash', { thing: thing(t, e.entity, name) });
      case 'undelete':
        return say('undelete', { thing: thing(t, e.entity, name) });
      case 'restore':
        return restoreSentence(t, lang, who, e.entity, name, d.revision);
      case 'adjust':
        if (d.amountCents !== undefined && d.totalCents !== undefined) {
          const currency = d.currency ?? 'USD';
          return say('adjust', { thingOf: thing(t, e.entity, name, true), amount: signedAmount(d.amountCents, currency, lang), total: formatAmount(d.totalCents, currency.toLowerCase(), lang, 2) });
        }
    }
  }
  if (e.entity === 'media') {
    // A file's delete moves it to the trash (one before the trash existed removed it at once).
    if (a === 'delete' && d.trash) return say('trash', { thing: thing(t, 'media', name) });
    if (a === 'undelete') return say('undelete', { thing: thing(t, 'media', name) });
    if (e.actor === 'system' && a === 'erase') return capitalize(t('admin.activity.says.eraseAuto', { thing: thing(t, 'media', name) }));
    if (a === 'upload' || a === 'delete') return say(a, { thing: thing(t, 'media', name) });
    if (a === 'update') return say('mediaUpdate', { thingOf: thing(t, 'media', name, true) });
  }
  if (e.entity === 'glossary' && name && (a === 'create' || a === 'update' || a === 'delete')) {
    return say(a === 'create' ? 'glossaryCreate' : a === 'update' ? 'glossaryUpdate' : 'glossaryDelete', { name: quoted(t, name) });
  }
  // Supporters' fundraisers: approved, rejected (or taken down) and edited by an admin, or edited by their owner.
  if (e.entity === 'fundraiser' && name && (a === 'approve' || a === 'reject' || a === 'update')) {
    return say(a === 'approve' ? 'fundraiserApprove' : a === 'reject' ? 'fundraiserReject' : 'fundraiserUpdate', { name: quoted(t, name) });
  }
  // The yearly impact report's introduction: which language changed (both, one, or neither).
  if (e.entity === 'impact_report' && a === 'update' && d.year) {
    const fields = d.fields;
    if (fields && fields.length === 0) return say('impactIntroUnchanged', { year: d.year });
    if (fields?.length === 1) return say(fields[0] === 'introDe' ? 'impactIntroDe' : 'impactIntroEn', { year: d.year });
    return say('impactIntro', { year: d.year });
  }
  if (e.entity === 'spending' && (a === 'create' || a === 'update' || a === 'delete') && d.amountCents !== undefined) {
    const key = a === 'create' ? 'spendingCreate' : a === 'update' ? 'spendingUpdate' : 'spendingDelete';
    const sentence = say(key, {
      amount: formatAmount(d.amountCents, (d.currency ?? 'USD').toLowerCase(), lang, 2),
      category: d.category ? t(`projectDetail.spending.categories.${d.category}`, { defaultValue: d.category }) : '',
      date: d.date ? formatDay(d.date, lang) : '',
      project: d.project ? t('admin.activity.says.forProject', { name: (lang === 'de' && d.projectDe) || d.project }) : '',
    });
    const description = lang === 'de' && d.descriptionDe ? d.descriptionDe : d.description;
    return description ? `${sentence}: ${quoted(t, description)}` : sentence;
  }
  if (a === 'export' && (e.entity === 'subscribers' || e.entity === 'donations') && d.count !== undefined) {
    return say(e.entity === 'subscribers' ? 'exportSubscribers' : 'exportDonations', { count: d.count, n: formatNumber(d.count, lang) });
  }
  if (e.entity === 'certificates' && a === 'start' && d.year) return say('certificates', { year: d.year });
  // Bank transfers matched from the bank's file: an import, and a credit assigned by hand.
  if (e.entity === 'bank' && a === 'import' && d.count !== undefined) return say('bankImport', { credited: formatNumber(d.count, lang), unmatched: formatNumber(d.unmatched ?? 0, lang) });
  // A bank statement's line explained: a category that is not a gift, or Stripe's payout.
  if (e.entity === 'bank' && a === 'assign' && d.amountCents !== undefined && isLineCategory(d.name)) {
    return say('bankCategory', { amount: formatAmount(d.amountCents, (d.currency ?? 'CHF').toLowerCase(), lang, 2), category: t(`admin.donations.bank.statement.categories.${d.name}`) });
  }
  if (e.entity === 'bank' && a === 'assign' && d.amountCents !== undefined && d.name?.startsWith('po_')) return say('bankPayout', { amount: formatAmount(d.amountCents, (d.currency ?? 'CHF').toLowerCase(), lang, 2) });
  if (e.entity === 'bank' && a === 'assign' && d.amountCents !== undefined) return say('bankAssign', { amount: formatAmount(d.amountCents, (d.currency ?? 'CHF').toLowerCase(), lang, 2) });
  // The books: a treasurer's exchange rate for a day (name: the rate and the book currency).
  if (e.entity === 'rate' && d.currency && d.date && name) return say('rateSet', { currency: d.currency, date: formatDay(d.date, lang), rate: name });
  // Gifts outside the website: recorded, reversed, the donor's details given afterwards (name: the gift's reference).
  if (e.entity === 'offline_gift' && name) {
    const forProject = d.project ? t('admin.activity.says.forProject', { name: (lang === 'de' && d.projectDe) || d.project }) : '';
    if (a === 'create' && d.amountCents !== undefined) {
      return say('offlineGift', { amount: formatAmount(d.amountCents, (d.currency ?? 'CHF').toLowerCase(), lang, 2), reference: name, method: t(`admin.donations.methods.${d.category ?? 'other'}`, { defaultValue: d.category ?? '' }), project: forProject });
    }
    if (a === 'reverse') {
      const sentence = say('offlineReverse', { reference: name, amount: d.amountCents !== undefined ? formatAmount(d.amountCents, (d.currency ?? 'CHF').toLowerCase(), lang, 2) : '' });
      return d.description ? `${sentence}: ${quoted(t, d.description)}` : sentence;
    }
    if (a === 'update') return say('offlineDonor', { reference: name });
  }
  // The journal's chart of accounts, and the exports of the journal and the supporters.
  if (e.entity === 'accounts' && a === 'update') return say('accountsSet');
  if (e.entity === 'journal' && a === 'export' && d.date && name) return say('exportJournal', { from: formatDay(d.date, lang), to: formatDay(name, lang) });
  if (e.entity === 'supporters' && a === 'export' && d.count !== undefined) return say('exportSupporters', { n: formatNumber(d.count, lang) });
  if (e.entity === 'subscriber' && a === 'erase') return say('eraseSubscriber');
  // A suppressed address (bounces, complaints) lifted: the address and why it was suppressed.
  if (e.entity === 'subscriber' && a === 'lift' && d.name) {
    const reason = d.reason ? t(`admin.subscribers.suppressions.reasonsShort.${d.reason}`, { defaultValue: d.reason }) : '';
    return say('liftSuppression', { email: d.name, reason });
  }
  // People's data (controllers/privacy.ts): named by their pseudonym, never their address.
  if (e.entity === 'person' && name) {
    const person = name;
    if (a === 'privacy-access-asked') return t('admin.activity.says.privacyAccessAsked', { person });
    if (a === 'privacy-erasure-asked') return t('admin.activity.says.privacyErasureAsked', { person });
    const self = e.actor === 'privacy-link';
    if (a === 'privacy-access') return self ? t('admin.activity.says.privacyAccessSelf', { person }) : say('privacyAccess', { person });
    if (a === 'privacy-erasure') return self ? t('admin.activity.says.privacyErasureSelf', { person }) : say('privacyErasure', { person });
  }
  if (e.entity === 'campaign' && a === 'create' && name) return say('campaign', { name: quoted(t, name) });
  if (e.entity === 'newsletter' && a === 'retry') return say('retry');
  if (e.entity === 'newsletter' && a === 'send') {
    if (d.to) return say('sendTest', { name: name ? quoted(t, name) : '', to: d.to });
    if (!name) return say('sendUnnamed');
    if (d.count !== undefined) return say('sendCount', { name: quoted(t, name), count: d.count, n: formatNumber(d.count, lang) });
    return say('send', { name: quoted(t, name) });
  }
  if (e.entity === 'social' && a === 'generate' && name) {
    return say('social', { name: quoted(t, name), platforms: joinList(t, d.platforms ?? []) });
  }
  // Something the sentences do not know yet: its action and kind in the admin's words, and its name.
  const action = t(`admin.activity.actions.${a}`, { defaultValue: a });
  const kind = t(`admin.activity.entities.${e.entity}`, { defaultValue: e.entity });
  return say('other', { action, what: name ? `${kind} ${quoted(t, name)}` : kind });
}

// ---- The History of one item ----------------------------------------------------------------

const KNOWN_REVISION_ACTIONS = new Set(['create', 'restore', 'delete', 'undelete']);

/** A revision of the item whose form is open: who did what, as a sentence (the item is implied). */
export function revisionSentence(t: TFunction, r: { action: string; actor: string; actorName: string | null; changedFields: string[] }): string {
  if (r.action === 'baseline') return t('admin.revisions.says.baseline');
  const who = actorLabel(t, r.actor, r.actorName);
  if (r.action === 'update') return r.changedFields.length ? t('admin.revisions.says.updateFields', { who, fields: fieldsPhrase(t, r.changedFields) }) : t('admin.revisions.says.unchanged', { who });
  if (KNOWN_REVISION_ACTIONS.has(r.action)) return t(`admin.revisions.says.${r.action}`, { who });
  return t('admin.revisions.says.update', { who });
}

/** A revision named by who saved it and when ("the version Anna Muster saved on 27 Nov, 14:05"). */
export function versionName(t: TFunction, lang: Lang, r: { action: string; actor: string; actorName: string | null; createdAt: string }): string {
  if (r.action === 'baseline') return t('admin.revisions.versionBaseline');
  return t('admin.revisions.version', { who: actorLabel(t, r.actor, r.actorName), when: formatWhen(r.createdAt, lang) });
}

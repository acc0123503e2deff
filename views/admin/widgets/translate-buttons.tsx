// Machine translation drafts in the content forms: "Draft German from English" and "Draft English
// from German" by each field of a bilingual pair (title/titleDe, content/contentDe...) and
// "Draft the whole item in German" / "... in English". A draft fills the field as an unsaved change
// (the unsaved-changes guard and the autosave see it like typing) and is never saved by itself.
// Every drafted field stays marked until the item is saved, edited or not: a save names them all
// (`_machineDraft`), so the revision says it started as a machine draft, and the browser's autosave
// keeps the marks with the values. The whole item fills only the fields that are empty or out of
// date; text a person wrote is replaced only when they say so in a dialog. An answer belongs to the
// form that asked: a form closed or switched aborts the request and the answer is dropped. The
// buttons need JavaScript: without it they are not there at all. A site without an OpenAI key
// cannot draft: the buttons are left out and the form says so once (`unavailable`). This file holds
// the state and the requests; what the drafts show is in translate-buttons-view.tsx.
import { useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { formatNumber } from '../../../models/shared/rules';
import { TRANSLATE_MAX_CHARS } from '../../../models/shared/translate-limits';
import { AdminApiError, adminFetch, errorText } from '../lib/api';
import { useAdmin, useHydrated } from './ui';
import { DraftActions, DraftNotes, WholeItemDrafts, type Lang, type Question } from './translate-buttons-view';
import type { EntityName, FieldDef } from '../lib/fields';

type Values = Record<string, string>;

/** The field a draft for `target` is translated from, and the languages; null when not bilingual. */
function sourceOf(target: string, names: Set<string>): { source: string; from: Lang; to: Lang } | null {
  if (target.endsWith('De') && names.has(target.slice(0, -2))) return { source: target.slice(0, -2), from: 'en', to: 'de' };
  if (names.has(`${target}De`)) return { source: `${target}De`, from: 'de', to: 'en' };
  return null;
}

/** What the form the drafts belong to is: which item, and the values it opened with. */
export interface DraftForm {
  /** The content form's kind of item; null for a form outside the translation status (a spending record). */
  entity: EntityName | null;
  id: number | null;
  opened: Values;
}

export interface MachineDrafts {
  /** The field with its draft buttons and notes (other fields unchanged). */
  wrap(def: FieldDef, element: ReactElement): ReactElement;
  /** What a save sends: the values and the names of every field that was machine drafted. */
  body(values: Values): Record<string, string | string[]>;
  /** The "whole item" buttons and their question. */
  whole: ReactElement | null;
  /** Without machine drafts (no OpenAI key): the note that says so, once per form; null otherwise. */
  unavailable: ReactElement | null;
  /**
   * The draft button and note of one of a page's words (the Pages form's texts, which live in the
   * form's `texts` JSON): `source` is the other language's text, `apply` puts a text in the field.
   */
  pageText(key: string, lang: Lang, label: string, source: string, current: string, apply: (text: string) => void): ReactElement | null;
  /** The drafted fields and the text each draft filled in (kept in the autosave). */
  marks: Values;
  /** Puts back the marks of a restored autosave. */
  restoreMarks(marks: Values | undefined): void;
  /**
   * Forgets every mark and drops what is still awaited, as for a new form: the form's values were
   * replaced by text no machine wrote (a restored revision).
   */
  reset(): void;
}

/** The text of a page-text field (`texts.<lang>.<key>`) in the form's values. */
function pageTextValue(v: Values, name: string): string | undefined {
  if (v[name] !== undefined) return v[name];
  const [, lang, ...rest] = name.split('.');
  try {
    const edits = JSON.parse(v.texts || '{}') as Record<string, Record<string, string>>;
    return edits[rest.join('.')]?.[lang!];
  } catch {
    return undefined;
  }
}
const valueOf = (v: Values, name: string) => (name.startsWith('texts.') ? pageTextValue(v, name) : v[name]);

/** The translation status's name of a form's kind of item. */
const STATUS_ENTITY: Record<string, string> = { projects: 'project', news: 'news', team: 'team', pages: 'page' };

/** A source text longer than a draft request takes: said before anything is sent. */
class TooLong extends Error {}

interface Answer {
  text: string;
  glossaryMissing?: string[];
}

/**
 * `formKey` names the open form: a new one forgets the marks of the last and drops what it still
 * waits for.
 */
export function useMachineDrafts(defs: FieldDef[], values: Values, setValues: (update: (old: Values) => Values) => void, formKey: string, form: DraftForm): MachineDrafts {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  // No OpenAI key: no draft buttons at all (a click could only fail), one note instead.
  const { machineDrafts: available } = useAdmin();
  // The ids of the hidden field names: two forms with drafts can be open on one page (a project
  // and one of its spending records both have a description).
  const idBase = useId();
  const idFor = (name: string) => `${idBase}-draft-for-${name.replace(/[^\w-]/g, '-')}`;
  const [filled, setFilled] = useState<Values>({});
  const [missing, setMissing] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [question, setQuestion] = useState<Question | null>(null);
  const names = new Set(defs.filter((d) => d.kind === 'text' || d.kind === 'textarea').map((d) => d.name));
  // A label with a dot is a whole locale key (a form whose labels live outside admin.fields).
  const labelOf = (name: string) => {
    const label = defs.find((d) => d.name === name)?.label ?? name;
    return t(label.includes('.') ? label : `admin.fields.${label}`);
  };
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const filledRef = useRef(filled);
  filledRef.current = filled;
  const formRef = useRef(form);
  formRef.current = form;
  // The identity of the open form, read while rendering so that an answer arriving before the
  // effects below have run still sees that the form changed.
  const keyRef = useRef(formKey);
  keyRef.current = formKey;
  const generation = useRef(0);
  const mounted = useRef(true);
  const pending = useRef(new Set<AbortController>());
  const busyRef = useRef(false);

  const stopAll = () => {
    for (const c of pending.current) c.abort();
    pending.current.clear();
  };

  const forget = () => {
    generation.current++;
    stopAll();
    busyRef.current = false;
    setBusy(null);
    setFilled({});
    setMissing({});
    setQuestion(null);
    setAnnounce('');
  };

  useEffect(forget, [formKey]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopAll();
    };
  }, []);

  interface Ticket {
    gen: number;
    key: string;
    signal: AbortSignal;
  }
  const alive = (ticket: Ticket) => mounted.current && generation.current === ticket.gen && keyRef.current === ticket.key && !ticket.signal.aborted;

  function noteDraft(name: string, answer: Answer) {
    setFilled((old) => ({ ...old, [name]: answer.text }));
    setMissing((old) => ({ ...old, [name]: answer.glossaryMissing ?? [] }));
  }

  async function draftOne(target: string, ticket: Ticket): Promise<Answer | null> {
    const pair = sourceOf(target, names);
    if (!pair) return null;
    const text = valuesRef.current[pair.source] ?? '';
    if (!text.trim()) return null;
    if (text.length > TRANSLATE_MAX_CHARS) throw new TooLong();
    const answer = await adminFetch<Answer>('POST', '/api/admin/translate', { text, from: pair.from, to: pair.to }, { signal: ticket.signal });
    // Another item's form (or none) is open now: this answer is not for it.
    if (!alive(ticket)) return null;
    setValues((old) => ({ ...old, [target]: answer.text }));
    noteDraft(target, answer);
    return answer;
  }

  /** Runs one drafting action for the open form; its outcome is said only while that form is open. */
  async function run(key: string, work: (ticket: Ticket) => Promise<{ said: string; missing: string[] } | null>) {
    if (busyRef.current) return;
    busyRef.current = true;
    const controller = new AbortController();
    pending.current.add(controller);
    const ticket: Ticket = { gen: generation.current, key: keyRef.current, signal: controller.signal };
    setBusy(key);
    try {
      const outcome = await work(ticket);
      if (outcome && alive(ticket)) {
        const terms = outcome.missing.length ? t('admin.translate.glossaryMissing', { terms: outcome.missing.join(', ') }) : '';
        setAnnounce([outcome.said, terms].filter(Boolean).join(' '));
        toast({ title: outcome.said, description: terms || undefined, variant: 'success' });
      }
    } catch (err) {
      if (alive(ticket)) toast({ title: t('admin.translate.failed'), description: failureText(err), variant: 'destructive' });
    } finally {
      pending.current.delete(controller);
      if (generation.current === ticket.gen) {
        busyRef.current = false;
        if (mounted.current) setBusy(null);
      }
    }
  }

  /** Why a draft failed; a text over the limit (checked here, or by the server) names the limit. */
  function failureText(err: unknown): string {
    const tooLong = err instanceof TooLong || (err instanceof AdminApiError && err.fieldIssues.text?.code === 'too_long');
    return tooLong ? t('admin.translate.tooLong', { max: formatNumber(TRANSLATE_MAX_CHARS, lang) }) : errorText(t, err);
  }

  const failed = (description: string) => {
    toast({ title: t('admin.translate.failed'), description, variant: 'destructive' });
    return null;
  };

  const draftField = (target: string) =>
    run(target, async (ticket) => {
      const answer = await draftOne(target, ticket);
      if (!answer) return alive(ticket) ? failed(t('admin.translate.emptySource')) : null;
      return { said: t('admin.translate.filled'), missing: answer.glossaryMissing ?? [] };
    });

  const targetsFor = (to: Lang) => [...names].filter((n) => sourceOf(n, names)?.to === to);

  /** The fields the translation status lists as out of date for this item (none for a new one, or when it cannot say). */
  async function outdatedFields(to: Lang, signal: AbortSignal): Promise<Set<string>> {
    const { entity, id } = formRef.current;
    if (id === null || entity === null || !STATUS_ENTITY[entity]) return new Set();
    try {
      const report = await adminFetch<{ entries: { id: number; field: string; language: Lang }[] }>(
        'GET',
        `/api/admin/translations?entity=${STATUS_ENTITY[entity]}&language=${to}&state=outdated`,
        undefined,
        { signal },
      );
      return new Set(report.entries.filter((e) => e.id === id && e.language === to).map((e) => (to === 'de' ? `${e.field}De` : e.field)));
    } catch {
      // The status is a help, not a condition: without it the form's own comparison decides.
      return new Set();
    }
  }

  async function draftMany(targets: string[], ticket: Ticket) {
    let count = 0;
    const left: string[] = [];
    // One field after the other: a failure stops here, and the fields drafted so far stay filled.
    for (const target of targets) {
      const answer = await draftOne(target, ticket);
      if (!alive(ticket)) return null;
      if (answer) {
        count++;
        left.push(...(answer.glossaryMissing ?? []));
      }
    }
    if (count === 0) return failed(t('admin.translate.nothingToFill'));
    return { said: t('admin.translate.filledMany', { count }), missing: [...new Set(left)] };
  }

  const draftWhole = (to: Lang) =>
    run(`whole-${to}`, async (ticket) => {
      const targets = targetsFor(to).filter((n) => (valuesRef.current[sourceOf(n, names)!.source] ?? '').trim());
      if (!targets.length) return failed(t(to === 'de' ? 'admin.translate.nothing' : 'admin.translate.nothingDe'));
      const outdated = await outdatedFields(to, ticket.signal);
      if (!alive(ticket)) return null;
      const v = valuesRef.current;
      const opened = formRef.current.opened;
      const fill: string[] = [];
      const replace: string[] = [];
      for (const target of targets) {
        const current = v[target] ?? '';
        const source = sourceOf(target, names)!.source;
        const stillDraft = filledRef.current[target] !== undefined && filledRef.current[target] === current;
        // Out of date in the form itself: a person changed its source here and not it (a source
        // that is itself a machine draft was made from this field, so this one is not stale).
        const staleHere = filledRef.current[source] === undefined && (v[source] ?? '') !== (opened[source] ?? '') && current === (opened[target] ?? '');
        if (!current.trim() || stillDraft || outdated.has(target) || staleHere) fill.push(target);
        else replace.push(target);
      }
      if (replace.length) {
        setQuestion({ to, fill, replace });
        return null;
      }
      return draftMany(fill, ticket);
    });

  function answerQuestion(replaceToo: boolean | null) {
    const q = question;
    setQuestion(null);
    if (!q || replaceToo === null) return;
    const targets = replaceToo ? [...q.fill, ...q.replace] : q.fill;
    void run(`whole-${q.to}`, async (ticket) => (targets.length ? draftMany(targets, ticket) : failed(t('admin.translate.nothingToFill'))));
  }

  /** The notes under a drafted field: that it is a draft, and any glossary term it still lacks. */
  const notes = (name: string, current: string | undefined) => <DraftNotes drafted={filled[name]} current={current} missing={missing[name] ?? []} />;

  function wrap(def: FieldDef, element: ReactElement): ReactElement {
    const pair = hydrated && available ? sourceOf(def.name, names) : null;
    if (!pair) return element;
    return (
      <div key={def.name} className="draft-field">
        {element}
        <DraftActions to={pair.to} working={busy === def.name} disabled={busy !== null} describedById={idFor(def.name)} label={labelOf(def.name)} onDraft={() => void draftField(def.name)}>
          {notes(def.name, values[def.name])}
        </DraftActions>
      </div>
    );
  }

  const langs = (['de', 'en'] as const).filter((to) => targetsFor(to).length > 0);
  const whole =
    hydrated && available && langs.length > 0 ? (
      <WholeItemDrafts langs={langs} busy={busy} hintId={idFor('whole')} announce={announce} question={question} labelOf={labelOf} onDraft={(to) => void draftWhole(to)} onAnswer={answerQuestion} />
    ) : null;

  const unavailable =
    !available && names.size > 0 && [...names].some((n) => sourceOf(n, names)) ? (
      <p className="admin-hint machine-drafts-unavailable">{t('admin.translate.unavailable')}</p>
    ) : null;

  return {
    wrap,
    whole,
    unavailable,
    marks: filled,
    restoreMarks(marks) {
      if (marks && Object.keys(marks).length) setFilled((old) => ({ ...old, ...marks }));
    },
    reset: forget,
    pageText(key, lang, label, source, current, apply) {
      if (!hydrated || !available) return null;
      const name = `texts.${lang}.${key}`;
      const from: Lang = lang === 'de' ? 'en' : 'de';
      const describedBy = idFor(name);
      const draftPageText = () =>
        run(name, async (ticket) => {
          if (!source.trim()) return failed(t('admin.translate.emptySource'));
          if (source.length > TRANSLATE_MAX_CHARS) throw new TooLong();
          const answer = await adminFetch<Answer>('POST', '/api/admin/translate', { text: source, from, to: lang }, { signal: ticket.signal });
          if (!alive(ticket)) return null;
          apply(answer.text);
          noteDraft(name, answer);
          return { said: t('admin.translate.filled'), missing: answer.glossaryMissing ?? [] };
        });
      return (
        <DraftActions to={lang} working={busy === name} disabled={busy !== null} describedById={describedBy} label={label} onDraft={() => void draftPageText()}>
          {notes(name, current)}
        </DraftActions>
      );
    },
    body(v) {
      // Every drafted field, edited since or not: the revision records that it started as a draft.
      const drafts = Object.keys(filled).filter((k) => (valueOf(v, k) ?? '').trim());
      return drafts.length ? { ...v, _machineDraft: drafts } : v;
    },
  };
}

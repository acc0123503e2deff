// Machine translation drafts in the content forms: "Draft German from English" and "Draft English
// from German" by each field of a bilingual pair (title/titleDe, content/contentDe...) and one
// "Draft the whole item in German". A draft fills the field as an unsaved change (the unsaved-
// changes guard and the autosave see it like typing) and is never saved by itself; the note
// "Machine draft: check it before saving" stays by the field until its text is edited, and a save
// names the fields that are still drafts (`_machineDraft`), which the server records as a machine
// revision. The buttons need JavaScript: without it they are not there at all.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useT } from '../app-context';
import { toast } from '../components/toaster';
import { adminFetch, errorText } from './api';
import { useHydrated } from './ui';
import type { FieldDef } from './entities';

type Values = Record<string, string>;
type Lang = 'en' | 'de';

/** The field a draft for `target` is translated from, and the languages; null when not bilingual. */
function sourceOf(target: string, names: Set<string>): { source: string; from: Lang; to: Lang } | null {
  if (target.endsWith('De') && names.has(target.slice(0, -2))) return { source: target.slice(0, -2), from: 'en', to: 'de' };
  if (names.has(`${target}De`)) return { source: `${target}De`, from: 'de', to: 'en' };
  return null;
}

export interface MachineDrafts {
  /** The field with its draft buttons and note (other fields unchanged). */
  wrap(def: FieldDef, element: ReactElement): ReactElement;
  /** What a save sends: the values and the names of the fields that are still machine drafts. */
  body(values: Values): Record<string, string | string[]>;
  whole: ReactElement | null;
  /**
   * The draft button and note of one of a page's words (the Pages form's texts, which live in the
   * form's `texts` JSON): `source` is the other language's text, `apply` puts a text in the field.
   */
  pageText(key: string, lang: Lang, label: string, source: string, current: string, apply: (text: string) => void): ReactElement | null;
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

/**
 * `formKey` names the open form: a new one forgets the drafts of the last. A field counts as a
 * machine draft while its text is still exactly what the draft filled in.
 */
export function useMachineDrafts(defs: FieldDef[], values: Values, setValues: (update: (old: Values) => Values) => void, formKey: string): MachineDrafts {
  const t = useT();
  const hydrated = useHydrated();
  const [filled, setFilled] = useState<Values>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const names = new Set(defs.filter((d) => d.kind === 'text' || d.kind === 'textarea').map((d) => d.name));
  const labelOf = (name: string) => t(`admin.fields.${defs.find((d) => d.name === name)?.label ?? name}`);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  useEffect(() => {
    setFilled({});
    setAnnounce('');
  }, [formKey]);

  const stillDraft = (name: string) => filled[name] !== undefined && values[name] === filled[name];

  async function draftOne(target: string): Promise<boolean> {
    const pair = sourceOf(target, names);
    if (!pair) return false;
    const text = valuesRef.current[pair.source] ?? '';
    if (!text.trim()) return false;
    const answer = await adminFetch<{ text: string }>('POST', '/api/admin/translate', { text, from: pair.from, to: pair.to });
    setValues((old) => ({ ...old, [target]: answer.text }));
    setFilled((old) => ({ ...old, [target]: answer.text }));
    return true;
  }

  async function run(key: string, work: () => Promise<string | null>) {
    if (busy) return;
    setBusy(key);
    try {
      const said = await work();
      if (said) {
        setAnnounce(said);
        toast({ title: said, variant: 'success' });
      }
    } catch (err) {
      toast({ title: t('admin.translate.failed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  const draftField = (target: string) =>
    run(target, async () => {
      if (await draftOne(target)) return t('admin.translate.filled');
      toast({ title: t('admin.translate.failed'), description: t('admin.translate.emptySource'), variant: 'destructive' });
      return null;
    });

  const germanTargets = [...names].filter((n) => sourceOf(n, names)?.to === 'de');
  const draftWhole = () =>
    run('whole', async () => {
      let count = 0;
      // One field after the other: a failure stops here, and the fields drafted so far stay filled.
      for (const target of germanTargets) if (await draftOne(target)) count++;
      if (count === 0) {
        toast({ title: t('admin.translate.failed'), description: t('admin.translate.nothing'), variant: 'destructive' });
        return null;
      }
      return t('admin.translate.filledMany', { count });
    });

  function wrap(def: FieldDef, element: ReactElement): ReactElement {
    const pair = hydrated ? sourceOf(def.name, names) : null;
    if (!pair) return element;
    const label = labelOf(def.name);
    return (
      <div key={def.name} className="draft-field">
        {element}
        <div className="draft-actions">
          <button
            type="button"
            className="btn btn-outline btn-small"
            disabled={busy !== null}
            aria-describedby={`draft-for-${def.name}`}
            onClick={() => void draftField(def.name)}
          >
            {busy === def.name ? t('admin.translate.working') : t(pair.to === 'de' ? 'admin.translate.toDe' : 'admin.translate.toEn')}
          </button>
          {/* The field the button fills, said after its name (a label would also name the field's own lookups). */}
          <span id={`draft-for-${def.name}`} hidden>
            {label}
          </span>
          {stillDraft(def.name) && (
            <p className="machine-draft-note">
              {t('admin.translate.note')}
            </p>
          )}
        </div>
      </div>
    );
  }

  const whole =
    hydrated && germanTargets.length > 0 ? (
      <div className="draft-whole" role="group" aria-labelledby="draft-whole-hint">
        <button type="button" className="btn btn-outline btn-small" disabled={busy !== null} aria-describedby="draft-whole-hint" onClick={() => void draftWhole()}>
          {busy === 'whole' ? t('admin.translate.working') : t('admin.translate.wholeItem')}
        </button>
        <p className="admin-hint" id="draft-whole-hint">
          {t('admin.translate.wholeItemHint')}
        </p>
        <p className="sr-only" role="status" aria-live="polite">
          {announce}
        </p>
      </div>
    ) : null;

  return {
    wrap,
    whole,
    pageText(key, lang, label, source, current, apply) {
      if (!hydrated) return null;
      const name = `texts.${lang}.${key}`;
      const from: Lang = lang === 'de' ? 'en' : 'de';
      const describedBy = `draft-for-texts-${lang}-${key}`;
      const draftPageText = () =>
        run(name, async () => {
          if (!source.trim()) {
            toast({ title: t('admin.translate.failed'), description: t('admin.translate.emptySource'), variant: 'destructive' });
            return null;
          }
          const answer = await adminFetch<{ text: string }>('POST', '/api/admin/translate', { text: source, from, to: lang });
          apply(answer.text);
          setFilled((old) => ({ ...old, [name]: answer.text }));
          return t('admin.translate.filled');
        });
      return (
        <div className="draft-actions">
          <button type="button" className="btn btn-outline btn-small" disabled={busy !== null} aria-describedby={describedBy} onClick={() => void draftPageText()}>
            {busy === name ? t('admin.translate.working') : t(lang === 'de' ? 'admin.translate.toDe' : 'admin.translate.toEn')}
          </button>
          <span id={describedBy} hidden>
            {label}
          </span>
          {filled[name] !== undefined && current === filled[name] && <p className="machine-draft-note">{t('admin.translate.note')}</p>}
        </div>
      );
    },
    body(v) {
      const drafts = Object.keys(filled).filter((k) => valueOf(v, k) === filled[k]);
      return drafts.length ? { ...v, _machineDraft: drafts } : v;
    },
  };
}

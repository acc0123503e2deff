// The words of a page in the Pages form: every text of the chosen page (its locale keys, grouped by
// section, English and German side by side), prefilled with what the page shows now. Only texts
// that differ from the built-in copy are saved (the server drops the others), so an improvement
// of the built-in copy still reaches every text nobody edited.
//
// The form's value `texts` holds the edits as JSON (key -> { en, de }); each textarea is also named
// `texts.<lang>.<key>`, which is what the form posts without JavaScript.
import { truncate } from '../../../models/shared/rules';
import { useEffect, useRef, useState } from 'react';
import { useApp, useT } from '../../app-context';
import type { PageTextSection } from '../../../models/content/page-texts';
import type { PageTexts } from '../../../models/shared/rules';
import { adminFetch, errorText, type FieldIssue } from '../lib/api';
import { TextArea, useFieldError, useHydrated } from '../widgets/ui';
import type { MachineDrafts } from '../widgets/translate-buttons';

export interface PageTextsCatalog {
  pageName: string;
  sections: PageTextSection[];
}

interface Props {
  pageName: string;
  values: Record<string, string>;
  setValues: (update: (old: Record<string, string>) => Record<string, string>) => void;
  errors: Record<string, FieldIssue>;
  /** Machine translation drafts: the button and note by each text (translate-buttons.tsx). */
  draft?: MachineDrafts['pageText'];
}

const LANGS = ['en', 'de'] as const;

function parseEdits(json: string | undefined): PageTexts {
  try {
    const value: unknown = JSON.parse(json || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as PageTexts) : {};
  } catch {
    return {};
  }
}

const PARTS = ['title', 'text', 'eyebrow', 'caption', 'lead', 'alt', 'imageAlt', 'quote', 'link'];

/** A text's name in the form: "pillars · education · Heading" for about.pillars.education.title. */
function partLabel(t: (key: string, options?: Record<string, unknown>) => string, tail: string): string {
  const parts = tail.split('.');
  const last = parts.pop()!;
  const paragraph = /^p(\d+)$/.exec(last);
  const name = paragraph ? t('admin.pageTexts.parts.paragraph', { n: paragraph[1] }) : PARTS.includes(last) ? t(`admin.pageTexts.parts.${last}`) : last;
  return [...parts, name].join(' · ');
}

const rowsFor = (text: string) => Math.min(8, Math.max(2, Math.ceil(text.length / 60)));

export function PageTextsFields({ pageName, values, setValues, errors, draft }: Props) {
  const t = useT();
  const { lang, page } = useApp();
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  // The server sends the open form's catalog with the admin page (the form without JavaScript).
  const fromServer = (page.props as { pageTexts?: PageTextsCatalog | null } | undefined)?.pageTexts ?? null;
  const [catalog, setCatalog] = useState<PageTextsCatalog | null>(fromServer?.pageName === pageName ? fromServer : null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const shownPage = useRef(pageName);

  // Another page chosen (a new entry): the words edited for the one before are not this page's.
  useEffect(() => {
    if (shownPage.current === pageName) return;
    shownPage.current = pageName;
    setValues((old) => Object.fromEntries([...Object.entries(old).filter(([k]) => !k.startsWith('texts.')), ['texts', '{}']]));
  }, [pageName]);

  useEffect(() => {
    if (catalog?.pageName === pageName) return;
    let current = true;
    setLoadError(null);
    adminFetch<PageTextsCatalog>('GET', `/api/admin/page-texts/${encodeURIComponent(pageName)}`)
      .then((c) => current && setCatalog(c))
      .catch((err) => current && setLoadError(errorText(t, err)));
    return () => {
      current = false;
    };
  }, [pageName]);

  const edits = parseEdits(values.texts);
  const shown = catalog?.pageName === pageName ? catalog : null;

  if (!shown) {
    return (
      <section className="page-texts" aria-labelledby="page-texts-title">
        <h4 id="page-texts-title">{t('admin.pageTexts.title')}</h4>
        <p className="admin-hint" role={loadError ? 'alert' : 'status'}>{loadError ?? t('admin.pageTexts.loading')}</p>
      </section>
    );
  }
  if (shown.sections.length === 0) {
    return (
      <section className="page-texts" aria-labelledby="page-texts-title">
        <h4 id="page-texts-title">{t('admin.pageTexts.title')}</h4>
        <p className="admin-hint">{t('admin.pageTexts.none')}</p>
      </section>
    );
  }

  /** What the field shows: a value typed in a failed form, else the edit, else the built-in copy. */
  const current = (key: string, l: 'en' | 'de', builtIn: string) => values[`texts.${l}.${key}`] ?? edits[key]?.[l] ?? builtIn;

  function change(key: string, l: 'en' | 'de', text: string, builtIn: string) {
    setValues((old) => {
      const next = parseEdits(old.texts);
      const entry = { ...(next[key] ?? {}) };
      if (text === builtIn) delete entry[l];
      else entry[l] = text;
      if (Object.keys(entry).length) next[key] = entry;
      else delete next[key];
      const { [`texts.${l}.${key}`]: _typed, ...rest } = old;
      return { ...rest, texts: JSON.stringify(next) };
    });
  }

  /** Fields the form shows: problems with any other (a key the page does not have) are listed above the sections. */
  const known = new Set(shown.sections.flatMap((sec) => sec.texts.flatMap((e) => [`texts.${e.key}`, `texts.en.${e.key}`, `texts.de.${e.key}`])));

  const editedCount = (section: PageTextSection) =>
    section.texts.filter((e) => LANGS.some((l) => current(e.key, l, e[l]) !== e[l])).length;

  return (
    <section className="page-texts" aria-labelledby="page-texts-title">
      <h4 id="page-texts-title">{t('admin.pageTexts.title')}</h4>
      <p className="admin-hint">{t('admin.pageTexts.intro')}</p>
      {Object.entries(errors)
        .filter(([field]) => field === 'texts' || (field.startsWith('texts.') && !known.has(field)))
        .map(([field, issue]) => (
          <p key={field} className="admin-error">
            {fieldError(issue)}
          </p>
        ))}
      {shown.sections.map((section) => {
        const count = editedCount(section);
        const hasError = section.texts.some((e) => errors[`texts.${e.key}`] || LANGS.some((l) => errors[`texts.${l}.${e.key}`]));
        return (
          <details key={section.id} className="page-texts-section" open={hasError || undefined}>
            <summary>
              <span className="page-texts-section-title">{section.title?.[lang] ?? t('admin.pageTexts.untitled', { text: truncate(section.texts[0]?.[lang] ?? '', 40) })}</span>{' '}
              <span className="admin-hint">
                {t('admin.pageTexts.count', { count: section.texts.length })}
                {count > 0 && ` · ${t('admin.pageTexts.edited', { count })}`}
              </span>
            </summary>
            {section.texts.map((entry) => {
              const tail = partLabel(t, entry.key.slice(section.id.length + 1) || entry.key);
              const keyError = errors[`texts.${entry.key}`];
              return (
                <div key={entry.key} className="page-text" role="group" aria-label={tail}>
                  <p className="page-text-key">
                    <code>{entry.key}</code>
                  </p>
                  {keyError && <p className="admin-error">{fieldError(keyError)}</p>}
                  <div className="admin-form-row cols-2">
                    {LANGS.map((l) => {
                      const value = current(entry.key, l, entry[l]);
                      const edited = value !== entry[l];
                      const language = t(`admin.pageTexts.${l}`);
                      return (
                        <div key={l} className={`page-text-field${edited ? ' is-edited' : ''}`}>
                          <TextArea
                            name={`texts.${l}.${entry.key}`}
                            label={`${tail} (${language})${edited ? ` · ${t('admin.pageTexts.editedMark')}` : ''}`}
                            value={value}
                            rows={rowsFor(entry[l])}
                            onChange={(v) => change(entry.key, l, v, entry[l])}
                            error={fieldError(errors[`texts.${l}.${entry.key}`])}
                          />
                          {draft?.(entry.key, l, `${tail} (${language})`, current(entry.key, l === 'de' ? 'en' : 'de', entry[l === 'de' ? 'en' : 'de']), value, (text) => change(entry.key, l, text, entry[l]))}
                          {hydrated && edited && (
                            <button type="button" className="btn btn-outline btn-small page-text-reset" onClick={() => change(entry.key, l, entry[l], entry[l])}>
                              {t('admin.pageTexts.reset')}
                              <span className="sr-only">: {`${tail} (${language})`}</span>
                            </button>
                          )}
                        </div>
                      );
                    })}
                  </div>
                </div>
              );
            })}
          </details>
        );
      })}
    </section>
  );
}

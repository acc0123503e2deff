// A Markdown field of the admin forms: the textarea, a formatting help that works without
// JavaScript (a <details>), and with JavaScript a Write / Preview tab pair whose preview comes from
// the server's own renderer (POST /api/admin/markdown/preview), so it shows exactly what the public
// page will show, and the admin bundle carries no Markdown parser.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../app-context';
import { adminFetch, errorText } from '../lib/api';
import { describedBy, FieldShell, useHydrated, type FieldProps } from './ui';
import { imageMarkdown, MediaPicker } from './media-picker';
import { REVEAL_FIELD_EVENT } from './a11y-check';

/** Wait this long after the last keystroke before asking for a new preview. */
export const PREVIEW_DEBOUNCE_MS = 400;

export interface MarkdownFieldProps extends FieldProps {
  rows?: number;
}

type Preview = { state: 'idle' } | { state: 'loading'; html: string } | { state: 'ready'; html: string } | { state: 'failed'; message: string };

/** What a volunteer can write, each line an example and what it does. */
const HELP_LINES = ['heading', 'subheading', 'bold', 'italic', 'list', 'numbered', 'link', 'image', 'gallery'] as const;

function FormattingHelp({ id }: { id: string }) {
  const t = useT();
  return (
    <details className="md-help" id={id}>
      <summary>{t('admin.markdown.help')}</summary>
      <dl className="md-help-list">
        {HELP_LINES.map((line) => (
          <div key={line}>
            <dt>
              <code>{t(`admin.markdown.examples.${line}.code`)}</code>
            </dt>
            <dd>{t(`admin.markdown.examples.${line}.text`)}</dd>
          </div>
        ))}
      </dl>
      <p className="md-help-note">{t('admin.markdown.paragraphs')}</p>
    </details>
  );
}

export function MarkdownField({ name, label, value, onChange, error, required, hint, rows = 8 }: MarkdownFieldProps) {
  const t = useT();
  const hydrated = useHydrated();
  const base = `f-${name}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const writeTab = useRef<HTMLButtonElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const imageButton = useRef<HTMLButtonElement>(null);
  const [picking, setPicking] = useState(false);
  // After a pick the keyboard goes on in the text, after a cancel back to the button.
  const picked = useRef(false);
  const previewTab = useRef<HTMLButtonElement>(null);
  const helpId = `${base}-help`;
  // The German twin of a field is named …De: its preview is German text (hyphenation, screen readers).
  const language = name.endsWith('De') ? 'de' : 'en';

  // The preview follows the text while it is shown: one request per pause in typing, and an
  // answer that arrives after a newer request started is dropped.
  useEffect(() => {
    if (tab !== 'preview') return;
    if (value.trim() === '') {
      setPreview({ state: 'ready', html: '' });
      return;
    }
    let current = true;
    setPreview((old) => ({ state: 'loading', html: old.state === 'ready' || old.state === 'loading' ? old.html : '' }));
    const timer = setTimeout(() => {
      adminFetch<{ html: string }>('POST', '/api/admin/markdown/preview', { text: value })
        .then((r) => current && setPreview({ state: 'ready', html: r.html }))
        .catch((err) => current && setPreview({ state: 'failed', message: errorText(t, err) }));
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [tab, value]);

  // "Go to field" of the accessibility check while Preview is shown: back to Write, then the
  // keyboard goes to the text area (it cannot take focus while its panel is hidden).
  const focusAfterReveal = useRef(false);
  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const reveal = () => {
      focusAfterReveal.current = true;
      setTab('write');
    };
    el.addEventListener(REVEAL_FIELD_EVENT, reveal);
    return () => el.removeEventListener(REVEAL_FIELD_EVENT, reveal);
  }, [hydrated]);
  useEffect(() => {
    if (tab !== 'write' || !focusAfterReveal.current) return;
    focusAfterReveal.current = false;
    area.current?.scrollIntoView({ block: 'center' });
    area.current?.focus();
  }, [tab]);

  function choose(next: 'write' | 'preview') {
    setTab(next);
    (next === 'write' ? writeTab : previewTab).current?.focus();
  }

  function onTabKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft' || e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      choose(e.key === 'Home' ? 'write' : e.key === 'End' ? 'preview' : tab === 'write' ? 'preview' : 'write');
    }
  }

  const textarea = (
    <textarea
      ref={area}
      id={base}
      name={name}
      rows={rows}
      lang={language}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={[describedBy(base, hint, error), helpId].filter(Boolean).join(' ')}
      onChange={(e) => onChange(e.target.value)}
    />
  );

  return (
    <FieldShell id={base} name={name} label={label} required={required} hint={hint} error={error}>
      <FormattingHelp id={helpId} />
      {hydrated ? (
        <div className="md-editor">
          <div className="md-tabs" role="tablist" aria-label={t('admin.markdown.tabsLabel')} onKeyDown={onTabKey}>
            <button ref={writeTab} type="button" role="tab" id={`${base}-write`} aria-selected={tab === 'write'} aria-controls={`${base}-write-panel`} tabIndex={tab === 'write' ? 0 : -1} onClick={() => setTab('write')}>
              {t('admin.markdown.write')}
            </button>
            <button ref={previewTab} type="button" role="tab" id={`${base}-preview`} aria-selected={tab === 'preview'} aria-controls={`${base}-preview-panel`} tabIndex={tab === 'preview' ? 0 : -1} onClick={() => setTab('preview')}>
              {t('admin.markdown.preview')}
            </button>
          </div>
          <div role="tabpanel" id={`${base}-write-panel`} aria-labelledby={`${base}-write`} hidden={tab !== 'write'}>
            {textarea}
            <button ref={imageButton} type="button" className="btn btn-outline btn-small md-insert-image" onClick={() => setPicking(true)}>
              {t('admin.altSuggest.insertImage')}
            </button>
            <MediaPicker
              open={picking}
              category="projects"
              onClose={() => {
                setPicking(false);
                (picked.current ? area.current : imageButton.current)?.focus();
                picked.current = false;
              }}
              onPick={(_url, item) => {
                // At the cursor, on a line of its own; the alt text is the one of this field's language.
                const at = area.current?.selectionStart ?? value.length;
                const before = value.slice(0, at);
                const after = value.slice(at);
                const snippet = `${before && !before.endsWith('\n\n') ? (before.endsWith('\n') ? '\n' : '\n\n') : ''}${imageMarkdown(item, language)}\n\n`;
                onChange(before + snippet + after.replace(/^\n+/, ''));
                picked.current = true;
                setPicking(false);
              }}
            />
          </div>
          <div role="tabpanel" id={`${base}-preview-panel`} aria-labelledby={`${base}-preview`} hidden={tab !== 'preview'} tabIndex={0} className="md-preview-panel">
            {tab === 'preview' && (
              <>
                <p className="md-preview-status" role="status">
                  {preview.state === 'loading' ? t('admin.markdown.updating') : preview.state === 'failed' ? t('admin.markdown.failed', { message: preview.message }) : ''}
                </p>
                {(preview.state === 'ready' || preview.state === 'loading') &&
                  (preview.html ? (
                    // Sanitized by the server's renderer, the same HTML the public page shows.
                    <div className="md-preview article-body" lang={language} dangerouslySetInnerHTML={{ __html: preview.html }} />
                  ) : preview.state === 'ready' ? (
                    <p className="md-preview-empty">{t('admin.markdown.empty')}</p>
                  ) : null)}
              </>
            )}
          </div>
        </div>
      ) : (
        textarea
      )}
    </FieldShell>
  );
}

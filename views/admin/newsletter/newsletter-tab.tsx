// Admin Newsletter tab: pick news and projects, optional suggestions
// (AI or templates), subject, preview text and language, generate and preview the e-mail,
// create the campaign, send it; then everything resets.
import { useEffect, useId, useMemo, useState } from 'react';
import { useApp, useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { AdminApiError, adminFetch, errorText } from '../lib/api';
import { stripMarkdown } from '../../../models/shared/admin-rules';
import { formatDate, localized, truncate, type Lang, type NewsArticle, type Project } from '../../../models/shared/rules';
import type { NewsletterData } from '../../../models/newsletter/campaigns';
import { SubscribersPanel } from './subscribers-panel';
import { PersonDataPanel } from '../widgets/person-data-panel';
import { SendsPanel } from './sends-panel';
import type { SendProgress } from '../../../models/newsletter/sends';

interface Status {
  mailing: 'mailchimp' | 'local';
  assistant: 'openai' | 'templates';
  audience: Record<Lang, number> | null;
  /** The signed-in admin's own address (an e-mail sign-in), where test mails go; null: ask for one. */
  testAddress: string | null;
}

/** Where a key-signed-in admin's test address is remembered in this browser (a form value, nothing else). */
const TEST_TO_KEY = 'admin-newsletter-test-to';
const rememberedTestTo = (): string => {
  try {
    return window.localStorage.getItem(TEST_TO_KEY) ?? '';
  } catch {
    return '';
  }
};

interface Suggestion {
  suggestedSubject: string;
  suggestedPreview: string;
  explanation: string;
  source: 'ai' | 'templates';
}


interface Generated {
  sectionsCount: number;
  newsletterData: NewsletterData;
}

interface CampaignRef {
  campaignId: string;
  editUrl: string;
}

interface SendResult {
  /** Local sends go on in the background (the sends panel follows them); Mailchimp's are handed over. */
  status: 'sending' | 'sent';
  progress: SendProgress | null;
}

/** Items listed for selection, previews cut at 60 characters. */
const PREVIEW_CHARS = 60;

/** The mail's own image addresses (PUBLIC_URL) made relative, for the preview on this origin. */
const previewHtml = (html: string, publicUrl: string) => html.split(`src="${publicUrl}/`).join('src="/');


function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

function PickList<T extends { id: number }>(props: {
  legend: string;
  items: T[];
  selected: number[];
  onToggle: (id: number) => void;
  title: (item: T) => string;
  preview: (item: T) => string;
  meta?: (item: T) => string;
}) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="nl-pick">
      <legend>
        {props.legend} <span className="nl-count">{t('newsletterAdmin.selectedCount', { count: props.selected.length })}</span>
      </legend>
      {props.items.length === 0 ? (
        <p className="muted small">{t('newsletterAdmin.noItems')}</p>
      ) : (
        <ul className="nl-list" tabIndex={0} aria-label={props.legend}>
          {props.items.map((item) => {
            const inputId = `${id}-${item.id}`;
            return (
              <li key={item.id}>
                <input id={inputId} type="checkbox" checked={props.selected.includes(item.id)} onChange={() => props.onToggle(item.id)} />
                <label htmlFor={inputId}>
                  <span className="nl-item-title">{props.title(item)}</span>
                  <span className="nl-item-preview">{truncate(props.preview(item), PREVIEW_CHARS)}</span>
                  {props.meta && <span className="nl-item-meta">{props.meta(item)}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

export function NewsletterTab() {
  const t = useT();
  const uiLang = useLang();
  const { site } = useApp();
  const [status, setStatus] = useState<Status | null>(null);
  const [news, setNews] = useState<NewsArticle[] | null>(null);
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const [selectedNews, setSelectedNews] = useState<number[]>([]);
  const [selectedProjects, setSelectedProjects] = useState<number[]>([]);
  const [subject, setSubject] = useState('');
  const [previewText, setPreviewText] = useState('');
  const [language, setLanguage] = useState<Lang>(uiLang);
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [campaign, setCampaign] = useState<CampaignRef | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<null | 'suggest' | 'generate' | 'create' | 'send'>(null);
  const [started, setStarted] = useState<{ campaignId: number } | null>(null);
  const [testTo, setTestTo] = useState('');
  const [testing, setTesting] = useState(false);
  const [testNote, setTestNote] = useState('');

  useEffect(() => {
    let cancelled = false;
    Promise.all([
      adminFetch<NewsArticle[]>('GET', '/api/news'),
      adminFetch<Project[]>('GET', '/api/projects'),
      adminFetch<Status>('GET', '/api/admin/newsletter/status'),
    ])
      .then(([n, p, s]) => {
        if (cancelled) return;
        setTestTo(rememberedTestTo());
        setNews(n);
        setProjects(p);
        setStatus(s);
      })
      .catch((err: unknown) => !cancelled && setLoadError(errorText(t, err)));
    return () => {
      cancelled = true;
    };
  }, []);

  // What was generated must be what goes out: any change makes it stale.
  useEffect(() => {
    setGenerated(null);
    setCampaign(null);
    setConfirming(false);
  }, [selectedNews, selectedProjects, subject, previewText, language]);

  const hasContent = selectedNews.length + selectedProjects.length > 0;
  const hasSubject = subject.trim().length > 0;
  const templates = status?.assistant === 'templates';
  const hintId = useId();

  const selectedItems = useMemo(
    () => ({
      selectedNews: (news ?? []).filter((a) => selectedNews.includes(a.id)),
      selectedProjects: (projects ?? []).filter((p) => selectedProjects.includes(p.id)),
    }),
    [news, projects, selectedNews, selectedProjects],
  );

  const suggest = async () => {
    if (!hasContent) {
      toast({ title: t('newsletterAdmin.noContent'), description: t('newsletterAdmin.noContentText'), variant: 'destructive' });
      return;
    }
    setBusy('suggest');
    try {
      // The selected items as objects (the server only trusts their ids).
      const body = {
        selectedNews: selectedItems.selectedNews.map((a) => ({ id: a.id, title: a.title, titleDe: a.titleDe })),
        selectedProjects: selectedItems.selectedProjects.map((p) => ({ id: p.id, title: p.title, titleDe: p.titleDe })),
        language,
      };
      const s = await adminFetch<Suggestion>('POST', '/api/admin/newsletter/suggest', body);
      setSuggestion(s);
      toast({
        title: s.source === 'ai' ? t('newsletterAdmin.suggestDone') : t('newsletterAdmin.templatesDone'),
        description: t('newsletterAdmin.suggestDoneText'),
        variant: 'success',
      });
    } catch (err) {
      toast({ title: t('newsletterAdmin.suggestFailed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const applySuggestion = () => {
    if (!suggestion) return;
    setSubject(suggestion.suggestedSubject);
    setPreviewText(suggestion.suggestedPreview);
    setSuggestion(null);
    toast({ title: t('newsletterAdmin.applied'), description: t('newsletterAdmin.appliedText'), variant: 'success' });
  };

  const validate = (): boolean => {
    if (!hasSubject) {
      toast({ title: t('newsletterAdmin.missingSubject'), description: t('newsletterAdmin.missingSubjectText'), variant: 'destructive' });
      return false;
    }
    if (!hasContent) {
      toast({ title: t('newsletterAdmin.noContent'), description: t('newsletterAdmin.noContentText'), variant: 'destructive' });
      return false;
    }
    return true;
  };

  const generate = async () => {
    if (!validate()) return;
    setBusy('generate');
    try {
      const g = await adminFetch<Generated>('POST', '/api/admin/newsletter/generate', {
        subject: subject.trim(),
        previewText: previewText.trim(),
        language,
        selectedNews,
        selectedProjects,
      });
      setGenerated(g);
      toast({ title: t('newsletterAdmin.generated'), description: t('newsletterAdmin.generatedText', { count: g.sectionsCount }), variant: 'success' });
    } catch (err) {
      toast({ title: t('newsletterAdmin.generateFailed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const createCampaign = async () => {
    if (!generated) return;
    setBusy('create');
    try {
      const c = await adminFetch<CampaignRef>('POST', '/api/admin/newsletter/create-campaign', generated.newsletterData);
      setCampaign(c);
      toast({ title: t('newsletterAdmin.campaignCreated'), description: t('newsletterAdmin.campaignCreatedText'), variant: 'success' });
    } catch (err) {
      toast({ title: t('newsletterAdmin.createFailed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  // A test goes to the admin's own address first, rendered as the real send renders it.
  const sendTest = async () => {
    if (!validate()) return;
    setTesting(true);
    setTestNote('');
    try {
      const r = await adminFetch<{ to: string }>('POST', '/api/admin/newsletter/test-send', {
        subject: subject.trim(),
        previewText: previewText.trim(),
        language,
        selectedNews,
        selectedProjects,
        ...(status?.testAddress ? {} : { to: testTo.trim() }),
      });
      if (!status?.testAddress) {
        try {
          window.localStorage.setItem(TEST_TO_KEY, r.to);
        } catch {
          // Not remembered where storage is forbidden; the field keeps it for now.
        }
      }
      setTestNote(t('admin.newsletter.testSent', { to: r.to }));
      toast({ title: t('admin.newsletter.testSent', { to: r.to }), variant: 'success' });
    } catch (err) {
      const field = err instanceof AdminApiError ? err.fieldIssues.to : undefined;
      const description = field ? t(field.code === 'required' ? 'admin.newsletter.testToRequired' : 'admin.newsletter.testToInvalid') : errorText(t, err);
      setTestNote(description);
      toast({ title: t('admin.newsletter.testFailed'), description, variant: 'destructive' });
    } finally {
      setTesting(false);
    }
  };

  const reset = () => {
    setSelectedNews([]);
    setSelectedProjects([]);
    setSubject('');
    setPreviewText('');
    setSuggestion(null);
    setGenerated(null);
    setCampaign(null);
    setConfirming(false);
  };

  // Step 3 is one decision: the mailing (the spec's campaign) is made first when it is not yet there.
  const send = async () => {
    if (!generated) return;
    setBusy('send');
    let ready = campaign;
    if (!ready) {
      try {
        ready = await adminFetch<CampaignRef>('POST', '/api/admin/newsletter/create-campaign', generated.newsletterData);
        setCampaign(ready);
        toast({ title: t('newsletterAdmin.campaignCreated'), description: t('newsletterAdmin.campaignCreatedText'), variant: 'success' });
      } catch (err) {
        toast({ title: t('newsletterAdmin.createFailed'), description: errorText(t, err), variant: 'destructive' });
        setConfirming(false);
        setBusy(null);
        return;
      }
    }
    try {
      const r = await adminFetch<SendResult>('POST', `/api/admin/newsletter/send/${encodeURIComponent(ready.campaignId)}`);
      if (r.status === 'sending' && r.progress) {
        // 'Newsletter Sent!' follows from the sends panel when the last mail has gone.
        toast({ title: t('newsletterAdmin.sends.started'), description: t('newsletterAdmin.sends.startedText', { count: r.progress.total }), variant: 'success' });
      } else {
        toast({ title: t('newsletterAdmin.sent'), description: t('newsletterAdmin.sentText'), variant: 'success' });
      }
      if (r.progress) setStarted({ campaignId: r.progress.campaignId });
      reset();
      adminFetch<Status>('GET', '/api/admin/newsletter/status').then(setStatus, () => undefined);
    } catch (err) {
      toast({ title: t('newsletterAdmin.sendFailed'), description: errorText(t, err), variant: 'destructive' });
      setConfirming(false);
    } finally {
      setBusy(null);
    }
  };

  if (loadError) {
    return (
      <section className="nl-tab" aria-labelledby="nl-heading">
        <h2 id="nl-heading">{t('newsletterAdmin.title')}</h2>
        <p role="alert" className="nl-error">
          {t('newsletterAdmin.loadFailed', { message: loadError })}
        </p>
      </section>
    );
  }
  if (!news || !projects || !status) {
    return (
      <section className="nl-tab" aria-labelledby="nl-heading" aria-busy="true">
        <h2 id="nl-heading">{t('newsletterAdmin.title')}</h2>
        <p role="status" className="muted">
          {t('common.loading')}
        </p>
      </section>
    );
  }

  const audienceCount = status.audience ? status.audience[language] : null;
  // Nobody reads this edition's language yet: sending is refused (here and by the server).
  const nobody = audienceCount === 0;
  const missing = [!hasContent && t('newsletterAdmin.noContentText'), !hasSubject && t('newsletterAdmin.missingSubjectText')].filter(Boolean) as string[];

  return (
    <section className="nl-tab" aria-labelledby="nl-heading">
      <h2 id="nl-heading">{t('newsletterAdmin.title')}</h2>
      <p className="muted">{t('newsletterAdmin.intro')}</p>
      <ul className="nl-services">
        <li className="chip-static">{status.mailing === 'mailchimp' ? t('newsletterAdmin.serviceMailchimp') : t('newsletterAdmin.serviceLocal')}</li>
        {status.audience && <li className="chip-static">{t('newsletterAdmin.audience', { en: status.audience.en, de: status.audience.de })}</li>}
        <li className={`chip-static${templates ? ' chip-template' : ''}`}>{templates ? t('newsletterAdmin.assistantTemplates') : t('newsletterAdmin.assistantAi')}</li>
      </ul>

      <h3>{t('newsletterAdmin.step1')}</h3>
      <div className="nl-grid">
        <PickList
          legend={t('newsletterAdmin.newsLegend')}
          items={news}
          selected={selectedNews}
          onToggle={(id) => setSelectedNews((l) => toggle(l, id))}
          title={(a) => localized(uiLang, a.title, a.titleDe)}
          preview={(a) => localized(uiLang, a.abstract ?? a.excerpt ?? '', a.abstractDe)}
          meta={(a) => formatDate(a.publishedAt, uiLang, 'medium')}
        />
        <PickList
          legend={t('newsletterAdmin.projectsLegend')}
          items={projects}
          selected={selectedProjects}
          onToggle={(id) => setSelectedProjects((l) => toggle(l, id))}
          title={(p) => localized(uiLang, p.title, p.titleDe)}
          preview={(p) => stripMarkdown(localized(uiLang, p.description, p.descriptionDe))}
        />
      </div>

      <div className="nl-fields">
        <div className="nl-field">
          <label htmlFor="nl-language">{t('newsletterAdmin.language')}</label>
          <select id="nl-language" value={language} onChange={(e) => setLanguage(e.target.value === 'de' ? 'de' : 'en')} aria-describedby="nl-language-hint">
            <option value="en">{t('newsletterAdmin.langEn')}</option>
            <option value="de">{t('newsletterAdmin.langDe')}</option>
          </select>
          <p id="nl-language-hint" className="small muted">
            {audienceCount === null ? t('newsletterAdmin.languageHint') : t('newsletterAdmin.languageHintCount', { count: audienceCount })}
          </p>
        </div>

        <div className="nl-suggest">
          <button type="button" className="btn btn-outline" onClick={suggest} aria-disabled={!hasContent || busy !== null} disabled={busy === 'suggest'}>
            {busy === 'suggest' ? t('newsletterAdmin.suggesting') : templates ? t('newsletterAdmin.suggestTemplates') : t('newsletterAdmin.suggest')}
          </button>
          {suggestion && (
            <div className="nl-suggestion" role="region" aria-label={t('newsletterAdmin.suggestionsHeading')}>
              <p className="nl-suggestion-head">
                <strong>{t('newsletterAdmin.suggestionsHeading')}</strong>{' '}
                <span className={`badge ${suggestion.source === 'ai' ? 'badge-progress' : 'badge-neutral'}`}>
                  {suggestion.source === 'ai' ? t('newsletterAdmin.aiBadge') : t('newsletterAdmin.templateBadge')}
                </span>
              </p>
              <dl>
                <dt>{t('newsletterAdmin.subject')}</dt>
                <dd>{suggestion.suggestedSubject}</dd>
                <dt>{t('newsletterAdmin.preview')}</dt>
                <dd>{suggestion.suggestedPreview}</dd>
              </dl>
              <p className="small muted">{suggestion.explanation}</p>
              <div className="nl-actions">
                <button type="button" className="btn btn-primary" onClick={applySuggestion}>
                  {t('newsletterAdmin.apply')}
                </button>
                <button type="button" className="btn btn-outline" onClick={() => setSuggestion(null)}>
                  {t('newsletterAdmin.dismiss')}
                </button>
              </div>
            </div>
          )}
        </div>

        <div className="nl-field">
          <label htmlFor="nl-subject">{t('newsletterAdmin.subject')}</label>
          <input id="nl-subject" type="text" value={subject} maxLength={150} required aria-required="true" onChange={(e) => setSubject(e.target.value)} />
        </div>
        <div className="nl-field">
          <label htmlFor="nl-preview">{t('newsletterAdmin.preview')}</label>
          <input id="nl-preview" type="text" value={previewText} maxLength={200} aria-describedby="nl-preview-hint" onChange={(e) => setPreviewText(e.target.value)} />
          <p id="nl-preview-hint" className="small muted">
            {t('newsletterAdmin.previewHint')}
          </p>
        </div>
      </div>

      <div className="nl-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={generate}
          aria-disabled={missing.length > 0 || busy !== null}
          aria-describedby={missing.length ? hintId : undefined}
          disabled={busy === 'generate'}
        >
          {busy === 'generate' ? t('newsletterAdmin.generating') : t('newsletterAdmin.generate')}
        </button>
      </div>
      {missing.length > 0 && (
        <ul id={hintId} className="nl-missing small">
          {missing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}

      {generated && (
        <div className="nl-preview">
          <h4>{t('newsletterAdmin.previewHeading')}</h4>
          <p className="small muted">{t('newsletterAdmin.generatedText', { count: generated.sectionsCount })}</p>
          {/* No scripts (sandbox without allow-scripts): the e-mail is shown, never run. Images load
              from this origin, so the preview also works where PUBLIC_URL is another host. */}
          <iframe title={t('newsletterAdmin.previewFrame')} sandbox="allow-same-origin" srcDoc={previewHtml(generated.newsletterData.html, site.publicUrl)} className="nl-frame" />
          <details>
            <summary>{t('newsletterAdmin.textVersion')}</summary>
            <pre className="nl-text">{generated.newsletterData.text}</pre>
          </details>
        </div>
      )}

      <h3 id="nl-test-heading">{t('newsletterAdmin.step2')}</h3>
      <div className="nl-test" role="group" aria-labelledby="nl-test-heading">
        <p className="small muted">{t('admin.newsletter.testLead')}</p>
        {status.testAddress ? (
          <p className="small muted">{t('admin.newsletter.testTo', { to: status.testAddress })}</p>
        ) : (
          <div className="nl-field">
            <label htmlFor="nl-test-to">{t('admin.newsletter.testAddress')}</label>
            <input id="nl-test-to" type="email" autoComplete="email" value={testTo} maxLength={254} onChange={(e) => setTestTo(e.target.value)} aria-describedby="nl-test-hint" />
            <p id="nl-test-hint" className="small muted">
              {t('admin.newsletter.testAddressHint')}
            </p>
          </div>
        )}
        <button type="button" className="btn btn-outline" onClick={sendTest} disabled={testing || busy !== null} aria-describedby={missing.length ? hintId : undefined}>
          {testing ? t('admin.newsletter.testSending') : t('admin.newsletter.testSend')}
        </button>
        <p className="small" role="status" aria-live="polite">
          {testNote}
        </p>
      </div>

      <h3>{t('newsletterAdmin.step3')}</h3>
      <p className="small muted">{generated ? t('newsletterAdmin.sendLead') : t('newsletterAdmin.sendNeedsPreview')}</p>
      <div className="nl-actions">
        <button
          type="button"
          className="btn btn-accent"
          onClick={() => setConfirming(true)}
          disabled={!generated || busy !== null || confirming || nobody}
          aria-describedby={nobody ? 'nl-nobody' : undefined}
        >
          {busy === 'send' ? t('newsletterAdmin.sending') : t('newsletterAdmin.send')}
        </button>
        {status.mailing === 'mailchimp' && (
          <button type="button" className="btn btn-outline" onClick={createCampaign} disabled={!generated || Boolean(campaign) || busy !== null}>
            {busy === 'create' ? t('newsletterAdmin.creating') : t('newsletterAdmin.prepareInMailchimp')}
          </button>
        )}
      </div>
      {nobody && (
        <p id="nl-nobody" className="nl-nobody small">
          {t('admin.newsletter.noSubscribers', { language: t(language === 'de' ? 'newsletterAdmin.langDe' : 'newsletterAdmin.langEn') })}
        </p>
      )}

      {campaign && (
        <p className="nl-campaign small">
          {t('newsletterAdmin.campaignReady', { id: campaign.campaignId })}{' '}
          <a href={campaign.editUrl} target="_blank" rel="noopener noreferrer">
            {t('newsletterAdmin.openCampaign')}
            <span className="sr-only"> ({t('common.opensNewTab')})</span>
          </a>
        </p>
      )}

      {confirming && generated && !nobody && (
        <div className="nl-confirm" role="alertdialog" aria-labelledby="nl-confirm-text">
          <p id="nl-confirm-text">
            {audienceCount === null
              ? t('newsletterAdmin.confirmSend', { subject: generated.newsletterData.subject, language: t(language === 'de' ? 'newsletterAdmin.langDe' : 'newsletterAdmin.langEn') })
              : t('newsletterAdmin.confirmSendCount', {
                  subject: generated.newsletterData.subject,
                  count: audienceCount,
                  language: t(language === 'de' ? 'newsletterAdmin.langDe' : 'newsletterAdmin.langEn'),
                })}
          </p>
          <div className="nl-actions">
            <button type="button" className="btn btn-accent" onClick={send} disabled={busy !== null} data-autofocus="">
              {busy === 'send' ? t('newsletterAdmin.sending') : t('newsletterAdmin.confirmYes')}
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)} disabled={busy !== null}>
              {t('newsletterAdmin.cancel')}
            </button>
          </div>
        </div>
      )}

      <SendsPanel started={started} />

      <SubscribersPanel onChanged={() => adminFetch<Status>('GET', '/api/admin/newsletter/status').then(setStatus, () => undefined)} />
      <PersonDataPanel />
    </section>
  );
}

export default NewsletterTab;

// Admin Newsletter screen: pick news and projects, optional suggestions (AI or templates),
// subject, preview text and language, generate and preview the e-mail, a test to oneself, create
// the campaign, send it; then everything resets. Below: the recent sends and the subscribers.
// What it first shows comes from the screen's loader (controllers/admin/screens/newsletter.ts);
// the API is asked only for what happens afterwards.
import { useEffect, useId, useMemo, useState } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, errorText } from '../lib/api';
import { stripMarkdown } from '../../../models/shared/admin-rules';
import { formatDate, localized, type Lang, type Project } from '../../../models/shared/rules';
import type { NewsSummary } from '../../../models/content/news';
import { PersonDataPanel } from '../widgets/person-data-panel';
import { PickList, toggle } from './pick-list';
import { SuggestionBox } from './suggestion';
import { TestSend } from './test-send';
import { GeneratedPreview, SendStep } from './send-step';
import { SendsPanel, type CampaignSummary } from './sends-panel';
import { SubscribersPanel, type SubscriberList } from './subscribers-panel';
import { SendingHealthPanel } from './sending-health-panel';
import type { MailHealth } from '../../../models/site/mail-health';
import type { CampaignRef, Composition, Generated, NewsletterStatus, SendResult, Suggestion } from './types';

export interface NewsletterTabProps {
  news: NewsSummary[];
  projects: Project[];
  status: NewsletterStatus;
  campaigns: CampaignSummary[];
  subscribers: SubscriberList;
  /** The Sending health panel's check the page came with (?sending=check), or null. */
  sendingHealth?: MailHealth | null;
}

export function NewsletterTab({ news, projects, status: initialStatus, campaigns, subscribers, sendingHealth }: NewsletterTabProps) {
  const t = useT();
  const uiLang = useLang();
  const [status, setStatus] = useState<NewsletterStatus>(initialStatus);
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

  // What was generated must be what goes out: any change makes it stale.
  useEffect(() => {
    setGenerated(null);
    setCampaign(null);
    setConfirming(false);
  }, [selectedNews, selectedProjects, subject, previewText, language]);

  const hasContent = selectedNews.length + selectedProjects.length > 0;
  const hasSubject = subject.trim().length > 0;
  const templates = status.assistant === 'templates';
  const hintId = useId();
  const reloadStatus = () => adminFetch<NewsletterStatus>('GET', '/api/admin/newsletter/status').then(setStatus, () => undefined);

  const selectedItems = useMemo(
    () => ({ selectedNews: news.filter((a) => selectedNews.includes(a.id)), selectedProjects: projects.filter((p) => selectedProjects.includes(p.id)) }),
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
      toast({ title: s.source === 'ai' ? t('newsletterAdmin.suggestDone') : t('newsletterAdmin.templatesDone'), description: t('newsletterAdmin.suggestDoneText'), variant: 'success' });
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

  /** The mail as composed, or null after saying what is missing. */
  const compose = (): Composition | null => {
    if (!hasSubject) {
      toast({ title: t('newsletterAdmin.missingSubject'), description: t('newsletterAdmin.missingSubjectText'), variant: 'destructive' });
      return null;
    }
    if (!hasContent) {
      toast({ title: t('newsletterAdmin.noContent'), description: t('newsletterAdmin.noContentText'), variant: 'destructive' });
      return null;
    }
    return { subject: subject.trim(), previewText: previewText.trim(), language, selectedNews, selectedProjects };
  };

  const generate = async () => {
    const composition = compose();
    if (!composition) return;
    setBusy('generate');
    try {
      const g = await adminFetch<Generated>('POST', '/api/admin/newsletter/generate', composition);
      setGenerated(g);
      toast({ title: t('newsletterAdmin.generated'), description: t('newsletterAdmin.generatedText', { count: g.sectionsCount }), variant: 'success' });
    } catch (err) {
      toast({ title: t('newsletterAdmin.generateFailed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  /** The mailing (the spec's campaign) of what was generated; null when it could not be made (said in a toast). */
  const makeCampaign = async (data: Generated['newsletterData']): Promise<CampaignRef | null> => {
    try {
      const c = await adminFetch<CampaignRef>('POST', '/api/admin/newsletter/create-campaign', data);
      setCampaign(c);
      toast({ title: t('newsletterAdmin.campaignCreated'), description: t('newsletterAdmin.campaignCreatedText'), variant: 'success' });
      return c;
    } catch (err) {
      toast({ title: t('newsletterAdmin.createFailed'), description: errorText(t, err), variant: 'destructive' });
      return null;
    }
  };

  const createCampaign = async () => {
    if (!generated) return;
    setBusy('create');
    await makeCampaign(generated.newsletterData);
    setBusy(null);
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
    const ready = campaign ?? (await makeCampaign(generated.newsletterData));
    if (!ready) {
      setConfirming(false);
      setBusy(null);
      return;
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
      void reloadStatus();
    } catch (err) {
      toast({ title: t('newsletterAdmin.sendFailed'), description: errorText(t, err), variant: 'destructive' });
      setConfirming(false);
    } finally {
      setBusy(null);
    }
  };

  const audienceCount = status.audience ? status.audience[language] : null;
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
          {suggestion && <SuggestionBox suggestion={suggestion} onApply={applySuggestion} onDismiss={() => setSuggestion(null)} />}
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

      {generated && <GeneratedPreview generated={generated} />}

      <TestSend testAddress={status.testAddress} compose={compose} disabled={busy !== null} describedBy={missing.length ? hintId : undefined} />

      <SendStep
        generated={generated}
        campaign={campaign}
        mailing={status.mailing}
        language={language}
        audienceCount={audienceCount}
        busy={busy}
        confirming={confirming}
        onConfirming={setConfirming}
        onSend={() => void send()}
        onPrepare={() => void createCampaign()}
      />

      <SendsPanel initial={campaigns} started={started} />

      <SendingHealthPanel initial={sendingHealth ?? null} />

      <SubscribersPanel initial={subscribers} onChanged={() => void reloadStatus()} />
      <PersonDataPanel />
    </section>
  );
}

export default NewsletterTab;

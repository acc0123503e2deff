// The newsletter's recent sends (part of the Newsletter tab): a local send runs in the background,
// so the panel shows how far each one is (sent, failed, remaining), polls while one runs, says
// "Newsletter Sent!" when it ends, and offers to retry the mails that failed. The list the page
// came with is the screen loader's; the API is asked again after a send, a retry, and while one runs.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, errorText } from '../lib/api';
import { formatDateTime } from '../widgets/ui';
import type { SendProgress } from '../../../models/newsletter/sends';

export interface CampaignSummary {
  id: number;
  provider: 'local' | 'mailchimp';
  subject: string;
  language: 'en' | 'de';
  status: 'draft' | 'sending' | 'sent';
  createdAt: string;
  sentAt: string | null;
  progress: SendProgress | null;
}

const POLL_MS = 2000;

/** The sends the panel lists: not the drafts (made, never sent). */
const shown = (list: CampaignSummary[]) => list.filter((c) => c.status !== 'draft');

/**
 * `initial` is the newest campaigns as the page came (the screen's loader); `started` is the send
 * the tab just started (a new object each time): the panel looks again at once and follows it to
 * its end, even if it finished before the panel's first look.
 */
export function SendsPanel({ initial, started }: { initial: CampaignSummary[]; started: { campaignId: number } | null }) {
  const t = useT();
  const lang = useLang();
  const [campaigns, setCampaigns] = useState<CampaignSummary[]>(() => shown(initial));
  const [busy, setBusy] = useState<number | null>(null);
  // Sends seen running: when one of them is done, the volunteer hears it.
  const running = useRef(new Set(initial.filter((c) => c.status === 'sending').map((c) => c.id)));

  const load = useCallback(async () => {
    const { campaigns: list } = await adminFetch<{ campaigns: CampaignSummary[] }>('GET', '/api/admin/newsletter/campaigns');
    for (const c of list) {
      if (c.status === 'sending') running.current.add(c.id);
      else if (running.current.delete(c.id) && c.status === 'sent' && c.progress) {
        toast({
          title: t('newsletterAdmin.sent'),
          description: c.progress.failed
            ? t('newsletterAdmin.sends.doneWithFailures', { sent: c.progress.sent, failed: c.progress.failed })
            : t('newsletterAdmin.sentTextCount', { count: c.progress.sent }),
          variant: c.progress.failed ? 'destructive' : 'success',
        });
      }
    }
    setCampaigns(shown(list));
  }, [t]);

  useEffect(() => {
    if (!started) return;
    running.current.add(started.campaignId);
    void load().catch(() => undefined);
  }, [load, started]);

  const anyRunning = campaigns.some((c) => c.status === 'sending');
  useEffect(() => {
    if (!anyRunning) return;
    const timer = setInterval(() => void load().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [anyRunning, load]);

  const retry = async (id: number) => {
    setBusy(id);
    try {
      await adminFetch('POST', `/api/admin/newsletter/campaigns/${id}/retry`);
      toast({ title: t('newsletterAdmin.sends.retryStarted'), variant: 'success' });
      await load();
    } catch (err) {
      toast({ title: t('newsletterAdmin.sends.retryFailed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  if (campaigns.length === 0) return null;
  return (
    <section className="nl-sends" aria-labelledby="nl-sends-heading">
      <h3 id="nl-sends-heading">{t('newsletterAdmin.sends.title')}</h3>
      <ul className="nl-send-list">
        {campaigns.map((c) => {
          const p = c.progress;
          const done = p ? p.sent + p.failed + p.unknown + p.skipped : 0;
          return (
            <li key={c.id} className="nl-send">
              <div className="nl-send-head">
                <strong>{c.subject}</strong>
                <span className="small muted">
                  {t(c.language === 'de' ? 'newsletterAdmin.langDe' : 'newsletterAdmin.langEn')} · {formatDateTime(c.sentAt ?? c.createdAt, lang)} ·{' '}
                  {t(`newsletterAdmin.sends.status.${c.status}`)}
                </span>
              </div>
              {p && p.total > 0 && (
                <>
                  <progress className="nl-send-bar" max={p.total} value={done} aria-label={t('newsletterAdmin.sends.barLabel', { subject: c.subject })} />
                  <p className="small" aria-live={c.status === 'sending' ? 'polite' : undefined}>
                    {t('newsletterAdmin.sends.counts', { sent: p.sent, total: p.total, failed: p.failed, remaining: p.remaining })}
                    {p.unknown > 0 && <> {t('newsletterAdmin.sends.unknown', { count: p.unknown })}</>}
                    {p.skipped > 0 && <> {t('newsletterAdmin.sends.skipped', { count: p.skipped })}</>}
                  </p>
                  {p.failed > 0 && c.status !== 'sending' && (
                    <div className="nl-send-failed">
                      {p.errors[0] && <p className="small muted">{t('newsletterAdmin.sends.lastError', { error: p.errors[0] })}</p>}
                      <button type="button" className="btn btn-outline btn-small" onClick={() => void retry(c.id)} disabled={busy !== null}>
                        {t('newsletterAdmin.sends.retry', { count: p.failed })}
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

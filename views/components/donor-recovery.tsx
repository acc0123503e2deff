// On the donor's page, first in a regular gift's card: what is wrong with it (a payment that
// failed, a gift paused after Stripe's last try, a card ending soon) and the one thing to do:
// "Update your card" (Stripe's Billing Portal), and for a paused gift "Restart my donation"
// (Stripe collects the open payment). Shown too when a recovery mail's link opened the page on
// this gift (?focus=card&subscription=id). Plain form POSTs like the rest of the page.
import type { ReactNode } from 'react';
import { useLang, useT } from '../app-context';
import { formatAmount } from '../../models/shared/donation-rules';
import { formatDate, type Lang } from '../../models/shared/rules';
import type { GiftHealth } from '../../models/giving/recovery';

/** "1 December" / "1. Dezember": the day of the failed payment (the year is this one or the last). */
function dayOf(ymd: string, lang: Lang): string {
  const long = formatDate(`${ymd}T12:00:00Z`, lang, 'long');
  if (lang === 'de') return long.replace(/ \d{4}$/, '');
  const m = /^(\S+) (\d+), \d{4}$/.exec(long);
  return m ? `${m[2]} ${m[1]}` : long;
}

/** "January 2027" / "Januar 2027" from "2027-01". */
function monthOf(ym: string, lang: Lang): string {
  return formatDate(`${ym}-01T12:00:00Z`, lang, 'long').replace(lang === 'de' ? /^1\. / : / 1,/, '');
}

export function GiftRecovery({ id, health, focused, action, csrf }: { id: number; health: GiftHealth | null; focused: boolean; action: string; csrf: ReactNode }) {
  const t = useT();
  const lang = useLang();
  if (!health && !focused) return null;
  const failure = health?.failure ?? null;
  let message: string;
  if (failure?.paused) message = t('donor.recovery.paused', { date: dayOf(failure.failedOn, lang), amount: formatAmount(failure.amountCents, failure.currency, lang, 2) });
  else if (failure) message = t('donor.recovery.failed', { date: dayOf(failure.failedOn, lang) });
  else if (health?.cardExpires) message = t('donor.recovery.expiring', { month: monthOf(health.cardExpires, lang) });
  else message = t('donor.recovery.focus');
  return (
    <div className={`donor-recovery${failure ? ' donor-recovery-failed' : ''}`} data-focus={focused ? '' : undefined} tabIndex={focused ? -1 : undefined} role="group" aria-labelledby={`donor-recovery-${id}`}>
      <p id={`donor-recovery-${id}`}>
        <strong>{message}</strong>
      </p>
      <div className="donor-actions">
        <form method="post" action={action}>
          {csrf}
          <input type="hidden" name="action" value="card" />
          <input type="hidden" name="subscription" value={id} />
          <button type="submit" className="btn btn-primary">
            {t('donor.recovery.updateCard')}
          </button>
        </form>
        {failure?.paused && (
          <form method="post" action={action}>
            {csrf}
            <input type="hidden" name="action" value="restart" />
            <input type="hidden" name="subscription" value={id} />
            <button type="submit" className="btn btn-outline">
              {t('donor.recovery.restart')}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}

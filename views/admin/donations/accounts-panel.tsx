// The chart of accounts the journal books into: the account of each kind of money and, when a
// project keeps its own income account, that one. Each field shows the account in force (the
// default, ACCOUNTS, or what was set here); an empty field goes back to it. The form posts to
// /admin/journal/accounts and comes back here with the outcome, without JavaScript as well.
import { useId } from 'react';
import { useT } from '../../app-context';
import { localized } from '../../../models/shared/rules';
import { useLang } from '../../app-context';
import type { ChartView } from '../../../models/giving/accounts';
import type { AdminFlash } from '../lib/flash';
import { CsrfField, useAdmin } from '../widgets/ui';

const KEYS = ['bank', 'stripe', 'cash', 'cheque', 'other', 'donations', 'fees'] as const;

export interface AccountsPanelProps {
  chart: ChartView;
  projects: { slug: string; title: string; titleDe: string | null }[];
  flash?: AdminFlash | null;
}

export function AccountsPanel({ chart, projects, flash }: AccountsPanelProps) {
  const t = useT();
  const lang = useLang();
  const { action } = useAdmin();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const failed = flash?.form?.tab === 'accounts' ? flash.form : null;
  const field = (key: string, label: string, inForce: string, source: string) => {
    const id = `${uid}-${key.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
    const error = failed?.errors[key];
    return (
      <div className="admin-field" key={key}>
        <label htmlFor={id}>{label}</label>
        <input id={id} name={key} defaultValue={failed ? (failed.values[key] ?? '') : (chart.settings[key] ?? '')} placeholder={inForce} inputMode="text" autoComplete="off" aria-describedby={`${id}-hint`} aria-invalid={error ? true : undefined} />
        <p className="hint small muted" id={`${id}-hint`}>
          {error ? t('admin.validation.invalid') : t('admin.donations.accounts.inForce', { account: inForce, source: t(`admin.donations.accounts.source.${source}`) })}
        </p>
      </div>
    );
  };
  return (
    <section className="don-section" id="don-accounts" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('admin.donations.accounts.title')}</h3>
      <p className="muted">{t('admin.donations.accounts.intro')}</p>
      <form className="admin-form" method="post" action={action('/admin/journal/accounts')}>
        <CsrfField />
        <div className="admin-form-row cols-3">{KEYS.map((k) => field(k, t(`admin.donations.accounts.key.${k}`), chart.chart[k], chart.sources[k] ?? 'default'))}</div>
        {projects.length > 0 && (
          <fieldset>
            <legend>{t('admin.donations.accounts.projects')}</legend>
            <div className="admin-form-row cols-3">
              {projects.map((p) => field(`project:${p.slug}`, localized(lang, p.title, p.titleDe), chart.chart.projects[p.slug] ?? chart.chart.donations, chart.sources[`project:${p.slug}`] ?? 'donations'))}
            </div>
          </fieldset>
        )}
        <div className="admin-form-actions">
          <button type="submit" className="btn">
            {t('admin.donations.accounts.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

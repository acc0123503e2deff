// The journal for the accounting program: a period, and its bookings as a CSV for Excel or a file
// for Banana Accounting's import. A plain GET form to the API (the browser downloads the file), so
// it works without JavaScript.
import { useId } from 'react';
import { useLang, useT } from '../../app-context';

export function JournalPanel({ from, to, bookCurrency }: { from: string; to: string; bookCurrency: string }) {
  const t = useT();
  const lang = useLang();
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <section className="don-section" id="don-journal" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`}>{t('admin.donations.journal.title')}</h3>
      <p className="muted">{t('admin.donations.journal.intro', { currency: bookCurrency.toUpperCase() })}</p>
      <form className="admin-form" method="get" action="/api/admin/journal">
        <input type="hidden" name="lang" value={lang} />
        <div className="admin-form-row cols-2">
          <div className="admin-field">
            <label htmlFor={`${uid}-from`}>{t('admin.donations.journal.from')}</label>
            <input id={`${uid}-from`} name="from" type="date" defaultValue={from} required />
          </div>
          <div className="admin-field">
            <label htmlFor={`${uid}-to`}>{t('admin.donations.journal.to')}</label>
            <input id={`${uid}-to`} name="to" type="date" defaultValue={to} required />
          </div>
        </div>
        <div className="admin-form-actions">
          <button type="submit" name="format" value="csv" className="btn btn-outline">
            {t('admin.donations.journal.csv')}
          </button>
          <button type="submit" name="format" value="banana" className="btn btn-outline">
            {t('admin.donations.journal.banana')}
          </button>
        </div>
      </form>
    </section>
  );
}


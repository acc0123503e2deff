import { useLang, useLinks, useT } from '../app-context';
import { Link } from '../components/link';
import { MessagePage } from '../components/message-page';
import { formatDate } from '../../models/shared/rules';
import { formatAmount } from '../../models/shared/donation-rules';

export interface FundraiserManageProps {
  /** Null: the link is unknown or was replaced. */
  fundraiser: { title: string; status: 'pending' | 'approved' | 'rejected'; rejectReason: string | null; currency: string; goalKind: 'amount' | 'donors'; goal: number; endDate: string } | null;
  /** The link's token: the page's forms send it back. */
  token: string;
  notice: 'saved' | 'posted' | null;
  /** Field -> what is wrong (`_`: the whole form). */
  errors: Record<string, string>;
  values: { title: string; story: string; body: string };
  gifts: { date: string; name: string | null; amountCents: number; currency: string }[];
  updates: { id: number; body: string; createdAt: string }[];
  progress: { raisedCents: number; donorCount: number } | null;
  publicPath: string;
}

/** /fundraisers/manage?token=: the owner's page (a plain page with forms; nothing of it is cached). */
export default function FundraiserManagePage({ fundraiser: f, token, notice, errors, values, gifts, updates, progress, publicPath }: FundraiserManageProps) {
  const t = useT();
  const lang = useLang();
  const link = useLinks();
  if (!f) return <MessagePage eyebrow="404" title={t('fundraiser.manage.invalidTitle')} text={t('fundraiser.manage.invalid')} to={link('fundraiserNew')} action={t('fundraiser.page.start')} />;
  const action = link('fundraiserManage');
  const err = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`fm-${name}-error`}>
        {t(`fundraiser.manage.errors.${errors[name]}`)}
      </p>
    ) : null;
  const inv = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `fm-${name}-error` } : {});
  return (
    <section className="section page-top fundraiser-manage" aria-labelledby="fm-heading">
      <div className="container narrow">
        <p className="eyebrow">{t('fundraiser.manage.eyebrow')}</p>
        <h1 id="fm-heading">{f.title}</h1>
        <div className={`donor-card fundraiser-state fundraiser-state-${f.status}`}>
          <p>{t(`fundraiser.manage.status.${f.status}`, { reason: f.rejectReason ?? '', date: formatDate(`${f.endDate}T12:00:00Z`, lang) })}</p>
          {f.status === 'approved' && (
            <p>
              <Link to={publicPath}>{t('fundraiser.manage.view')}</Link>
            </p>
          )}
          {progress && f.status === 'approved' && (
            <p>
              {f.goalKind === 'amount'
                ? t('fundraiser.page.raisedOf', { raised: formatAmount(progress.raisedCents, f.currency, lang), goal: formatAmount(f.goal, f.currency, lang) })
                : t('fundraiser.page.donorsOf', { count: progress.donorCount, goal: f.goal })}
            </p>
          )}
        </div>
        {notice && (
          <p className="donor-flash donor-flash-success" role="status">
            {t(`fundraiser.manage.notices.${notice}`)}
          </p>
        )}
        {errors._ && (
          <p className="donor-flash donor-flash-error" role="alert">
            {t(`fundraiser.manage.errors.${errors._}`)}
          </p>
        )}

        {f.status !== 'rejected' && (
          <form method="post" action={action} className="donor-card fundraiser-form" noValidate aria-labelledby="fm-story-heading">
            <h2 id="fm-story-heading">{t('fundraiser.manage.editTitle')}</h2>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="action" value="story" />
            <div className={`form-field${errors.title ? ' has-error' : ''}`}>
              <label htmlFor="fm-title">{t('fundraiser.new.fields.title')}</label>
              <input id="fm-title" name="title" type="text" maxLength={120} defaultValue={values.title} required {...inv('title')} />
              {err('title')}
            </div>
            <div className={`form-field${errors.story ? ' has-error' : ''}`}>
              <label htmlFor="fm-story">{t('fundraiser.new.fields.story')}</label>
              <textarea id="fm-story" name="story" rows={8} maxLength={5000} defaultValue={values.story} required {...inv('story')} />
              {err('story')}
            </div>
            <button type="submit" className="btn btn-primary">
              {t('fundraiser.manage.save')}
            </button>
          </form>
        )}

        {f.status === 'approved' && (
          <form method="post" action={action} className="donor-card fundraiser-form" noValidate aria-labelledby="fm-update-heading">
            <h2 id="fm-update-heading">{t('fundraiser.manage.updateTitle')}</h2>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="action" value="update" />
            <div className={`form-field${errors.body ? ' has-error' : ''}`}>
              <label htmlFor="fm-body">{t('fundraiser.manage.updateBody')}</label>
              <p className="field-hint" id="fm-body-hint">
                {t('fundraiser.manage.updateHint')}
              </p>
              <textarea id="fm-body" name="body" rows={5} maxLength={2000} defaultValue={values.body} required aria-invalid={errors.body ? true : undefined} aria-describedby={errors.body ? 'fm-body-hint fm-body-error' : 'fm-body-hint'} />
              {err('body')}
            </div>
            <button type="submit" className="btn btn-primary">
              {t('fundraiser.manage.post')}
            </button>
          </form>
        )}

        {updates.length > 0 && (
          <section className="donor-card" aria-labelledby="fm-updates-heading">
            <h2 id="fm-updates-heading">{t('fundraiser.page.updates')}</h2>
            <ol className="fundraiser-updates">
              {updates.map((u) => (
                <li key={u.id}>
                  <p className="fundraiser-update-date">
                    <time dateTime={u.createdAt}>{formatDate(u.createdAt, lang)}</time>
                  </p>
                  <p>{u.body}</p>
                </li>
              ))}
            </ol>
          </section>
        )}

        <section className="donor-card" aria-labelledby="fm-gifts-heading">
          <h2 id="fm-gifts-heading">{t('fundraiser.manage.giftsTitle')}</h2>
          <p className="field-hint">{t('fundraiser.manage.privacy')}</p>
          {gifts.length === 0 ? (
            <p>{t('fundraiser.manage.noGifts')}</p>
          ) : (
            <div className="donor-table-wrap">
              <table className="donor-table">
                <caption className="sr-only">{t('fundraiser.manage.giftsCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('donor.date')}</th>
                    <th scope="col">{t('fundraiser.manage.name')}</th>
                    <th scope="col">{t('donor.amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {gifts.map((g, i) => (
                    <tr key={i}>
                      <td>{formatDate(`${g.date}T12:00:00Z`, lang, 'medium')}</td>
                      <td>{g.name ?? t('fundraiser.manage.anonymous')}</td>
                      <td>{formatAmount(g.amountCents, g.currency, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </section>
  );
}

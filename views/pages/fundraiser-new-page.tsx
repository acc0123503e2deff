import type { ReactNode } from 'react';
import { useLinks, useT } from '../app-context';
import { ContentImage } from '../components/responsive-image';
import { Link } from '../components/link';
import { DONATION_CURRENCIES } from '../../models/shared/donation-rules';

/** What the form holds, as typed (shown again after a refusal). */
export interface FundraiserFormValues {
  projectId: string;
  title: string;
  story: string;
  imageUrl: string;
  goalKind: 'amount' | 'donors';
  goal: string;
  currency: string;
  endDate: string;
  name: string;
  email: string;
}

export interface FundraiserNewProps {
  projects: { id: number; title: string }[];
  /** The charity's photos a fundraiser may show; none chosen: the project's. */
  photos: { url: string; alt: string }[];
  values: FundraiserFormValues;
  /** Field -> what is wrong with it (`_`: the whole form, e.g. 'rate'). */
  errors: Record<string, string>;
  /** Sent: the thank-you instead of the form. */
  sent: boolean;
  /** Today and a year ahead (Swiss days): the end date's range. */
  minDate: string;
  maxDate: string;
}

/** /fundraisers/new: a supporter's own fundraiser for a project, sent for approval. A plain form: it works without JavaScript. */
export default function FundraiserNewPage({ projects, photos, values, errors, sent, minDate, maxDate }: FundraiserNewProps) {
  const t = useT();
  const link = useLinks();
  if (sent) {
    return (
      <section className="section page-top fundraiser-new" aria-labelledby="fundraiser-new-heading">
        <div className="container narrow">
          <p className="eyebrow">{t('fundraiser.new.eyebrow')}</p>
          <h1 id="fundraiser-new-heading">{t('fundraiser.new.done.title')}</h1>
          <p className="lead" role="status">
            {t('fundraiser.new.done.text')}
          </p>
          <p>
            <Link to={link('projects')} className="btn btn-outline">
              {t('fundraiser.new.done.back')}
            </Link>
          </p>
        </div>
      </section>
    );
  }
  const invalid = Object.keys(errors).filter((k) => k !== '_');
  const id = (name: string) => `fr-${name}`;
  const problem = (name: string) => (errors[name] ? <p className="field-error" id={`${id(name)}-error`}>{t(`fundraiser.new.errors.${name}`)}</p> : null);
  const described = (name: string, hint = false) => [hint ? `${id(name)}-hint` : '', errors[name] ? `${id(name)}-error` : ''].filter(Boolean).join(' ') || undefined;
  const field = (name: keyof FundraiserFormValues, label: string, control: ReactNode, hint?: string) => (
    <div className={`form-field${errors[name] ? ' has-error' : ''}`}>
      <label htmlFor={id(name)}>
        {label} <span className="required" aria-hidden="true">*</span>
      </label>
      {hint && (
        <p className="field-hint" id={`${id(name)}-hint`}>
          {hint}
        </p>
      )}
      {control}
      {problem(name)}
    </div>
  );
  const attrs = (name: keyof FundraiserFormValues, hint = false) => ({
    id: id(name),
    name,
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': described(name, hint),
  });

  return (
    <section className="section page-top fundraiser-new" aria-labelledby="fundraiser-new-heading">
      <div className="container narrow">
        <p className="eyebrow">{t('fundraiser.new.eyebrow')}</p>
        <h1 id="fundraiser-new-heading">{t('fundraiser.new.title')}</h1>
        <p className="lead">{t('fundraiser.new.lead')}</p>
        <ol className="fundraiser-steps">
          <li>{t('fundraiser.new.steps.one')}</li>
          <li>{t('fundraiser.new.steps.two')}</li>
          <li>{t('fundraiser.new.steps.three')}</li>
        </ol>

        {(invalid.length > 0 || errors._) && (
          <div className="form-problems" role="alert" tabIndex={-1} id="fr-problems">
            <p>{errors._ ? t(`fundraiser.new.errors.${errors._ === 'rate' ? 'rate' : 'summary'}`) : t('fundraiser.new.errors.summary')}</p>
            {invalid.length > 0 && (
              <ul>
                {invalid.map((name) => (
                  <li key={name}>
                    <a href={`#${id(name)}`}>{t(`fundraiser.new.errors.${name}`)}</a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}

        <form method="post" action={link('fundraiserNew')} className="fundraiser-form" noValidate>
          {field(
            'projectId',
            t('fundraiser.new.fields.project'),
            <select {...attrs('projectId')} defaultValue={values.projectId}>
              <option value="">{t('fundraiser.new.fields.projectChoose')}</option>
              {projects.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {p.title}
                </option>
              ))}
            </select>,
          )}
          {field('title', t('fundraiser.new.fields.title'), <input type="text" maxLength={120} defaultValue={values.title} {...attrs('title', true)} />, t('fundraiser.new.fields.titleHint'))}
          {field('story', t('fundraiser.new.fields.story'), <textarea rows={8} maxLength={5000} defaultValue={values.story} {...attrs('story', true)} />, t('fundraiser.new.fields.storyHint'))}

          <fieldset className={`fundraiser-photos${errors.imageUrl ? ' has-error' : ''}`} aria-describedby={described('imageUrl', true)}>
            <legend>{t('fundraiser.new.fields.photo')}</legend>
            <p className="field-hint" id={`${id('imageUrl')}-hint`}>
              {t('fundraiser.new.fields.photoHint')}
            </p>
            <div className="fundraiser-photo-grid">
              <label className="fundraiser-photo fundraiser-photo-none">
                <input type="radio" name="imageUrl" value="" defaultChecked={!values.imageUrl} id={id('imageUrl')} />
                <span>{t('fundraiser.new.fields.photoProject')}</span>
              </label>
              {photos.map((p, i) => (
                <label key={p.url} className="fundraiser-photo">
                  <input type="radio" name="imageUrl" value={p.url} defaultChecked={values.imageUrl === p.url} />
                  <ContentImage src={p.url} sizes="160px" alt={p.alt || t('fundraiser.new.fields.photoN', { n: i + 1 })} width={160} height={107} loading="lazy" decoding="async" />
                </label>
              ))}
            </div>
            {problem('imageUrl')}
          </fieldset>

          <fieldset className="fundraiser-goal">
            <legend>{t('fundraiser.new.fields.goalKind')}</legend>
            <div className="choice-row">
              <label>
                <input type="radio" name="goalKind" value="amount" defaultChecked={values.goalKind !== 'donors'} /> {t('fundraiser.new.fields.goalAmount')}
              </label>
              <label>
                <input type="radio" name="goalKind" value="donors" defaultChecked={values.goalKind === 'donors'} /> {t('fundraiser.new.fields.goalDonors')}
              </label>
            </div>
            <div className="fundraiser-goal-row">
              {field('goal', t('fundraiser.new.fields.goal'), <input type="text" inputMode="decimal" maxLength={12} defaultValue={values.goal} {...attrs('goal', true)} />, t('fundraiser.new.fields.goalHint'))}
              {field(
                'currency',
                t('fundraiser.new.fields.currency'),
                // Always has a value: not `required` (a required select must start with an empty choice).
                <select {...attrs('currency')} required={undefined} defaultValue={values.currency}>
                  {DONATION_CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c.toUpperCase()}
                    </option>
                  ))}
                </select>,
              )}
            </div>
          </fieldset>

          {field('endDate', t('fundraiser.new.fields.endDate'), <input type="date" min={minDate} max={maxDate} defaultValue={values.endDate} {...attrs('endDate', true)} />, t('fundraiser.new.fields.endDateHint'))}
          {field('name', t('fundraiser.new.fields.name'), <input type="text" autoComplete="name" maxLength={100} defaultValue={values.name} {...attrs('name', true)} />, t('fundraiser.new.fields.nameHint'))}
          {field('email', t('fundraiser.new.fields.email'), <input type="email" autoComplete="email" maxLength={254} defaultValue={values.email} {...attrs('email', true)} />, t('fundraiser.new.fields.emailHint'))}

          <p className="field-hint">
            {t('fundraiser.new.consent')} <Link to={link('privacy')}>{t('fundraiser.new.privacy')}</Link>
          </p>
          <button type="submit" className="btn btn-accent">
            {t('fundraiser.new.submit')}
          </button>
        </form>
      </div>
    </section>
  );
}

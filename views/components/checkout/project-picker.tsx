// The form's first step: General Support or one project; a fundraiser's gift names its own.
import { useT } from '../../app-context';
import type { CheckoutFundraiser, CheckoutProject } from './types';

export function ProjectPicker({
  projects,
  project,
  fundraiser,
  projectId,
  disabled,
  onChange,
}: {
  projects: CheckoutProject[];
  project: CheckoutProject | null;
  fundraiser: CheckoutFundraiser | null;
  projectId: number | null;
  disabled: boolean;
  onChange: (projectId: number | null) => void;
}) {
  const t = useT();
  return (
    <fieldset className="checkout-card checkout-project" disabled={disabled}>
      <legend className="checkout-step">
        <span className="step-number" aria-hidden="true">1</span> {t('checkout.projectHeading')}
      </legend>
      {fundraiser ? (
        <div className="checkout-fundraiser">
          <p>{t('checkout.fundraiser.for', { title: fundraiser.title, project: project?.title ?? '' })}</p>
          {fundraiser.ownerName && <p className="field-hint">{t('checkout.fundraiser.by', { name: fundraiser.ownerName })}</p>}
        </div>
      ) : (
        <div className="field">
          <label htmlFor="checkout-project">{t('checkout.projectLabel')}</label>
          <select id="checkout-project" value={projectId === null ? '' : String(projectId)} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{t('checkout.generalSupport')}</option>
            {projects.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}

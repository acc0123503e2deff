// What the donor may add to a gift: the name it is shown under on the project's page, the
// project's news by mail, and a dedication (tribute-fields.tsx).
import type { Dispatch } from 'react';
import { useT } from '../../app-context';
import { firstNameAndInitial, type DonationFormAction, type DonationFormState } from '../../../models/shared/donation-form';
import { PUBLIC_NAME_MAX_LENGTH } from '../../../models/shared/gift-request';
import { TributeFields } from './tribute-fields';

export function GiftOptions({ state, dispatch, forProject }: { state: DonationFormState; dispatch: Dispatch<DonationFormAction>; forProject: boolean }) {
  const t = useT();
  const initial = firstNameAndInitial(state.name);
  return (
    <>
      <fieldset className="choice-group public-name">
        <legend>{t('checkout.publicName.legend')}</legend>
        <div className="choices choices-stacked">
          {(['anonymous', 'initial', 'typed'] as const).map((choice) => (
            <label key={choice} className="choice">
              <input type="radio" name="shown" value={choice} checked={state.shown === choice} onChange={() => dispatch({ type: 'shown', shown: choice })} />
              <span>{choice === 'initial' && initial ? t('checkout.publicName.initialAs', { name: initial }) : t(`checkout.publicName.${choice}`)}</span>
            </label>
          ))}
        </div>
        {state.shown === 'typed' && (
          <div className="field">
            <label htmlFor="public-name">{t('checkout.publicName.typedLabel')}</label>
            <input id="public-name" type="text" maxLength={PUBLIC_NAME_MAX_LENGTH} value={state.typedPublicName} onChange={(e) => dispatch({ type: 'publicName', value: e.target.value })} />
          </div>
        )}
      </fieldset>
      {forProject && (
        <div className="field check-field follow-project">
          <input id="follow-project" type="checkbox" checked={state.follow} onChange={(e) => dispatch({ type: 'follow', on: e.target.checked })} aria-describedby="follow-project-hint" />
          <label htmlFor="follow-project">{t('checkout.follow.label')}</label>
          <p id="follow-project-hint" className="field-hint">
            {t('checkout.follow.hint')}
          </p>
        </div>
      )}
      <TributeFields tribute={state.tribute} problemsShown={state.tributeProblemsShown} set={(patch) => dispatch({ type: 'tribute', patch })} />
    </>
  );
}

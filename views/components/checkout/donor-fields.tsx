// Who gives: the e-mail address the receipt goes to and the donor's name (needed for a monthly
// gift). A field's message shows once the donor left it or tried to give, not while they type.
import type { Dispatch, RefObject } from 'react';
import { useT } from '../../app-context';
import type { DonationFormAction, DonationFormState, FormFacts } from '../../../models/shared/donation-form';
import { DONOR_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../../../models/shared/gift-request';
import { Icon } from '../icons';

export function DonorFields({
  state,
  facts,
  dispatch,
  emailRef,
  nameRef,
  onTyped,
}: {
  state: DonationFormState;
  facts: FormFacts;
  dispatch: Dispatch<DonationFormAction>;
  emailRef: RefObject<HTMLInputElement | null>;
  nameRef: RefObject<HTMLInputElement | null>;
  onTyped: () => void;
}) {
  const t = useT();
  const { emailProblem, nameProblem, monthly } = facts;
  const showEmailError = state.touched.email && emailProblem !== null;
  const showNameError = state.touched.name && nameProblem !== null;
  return (
    <>
      <div className="field">
        <label htmlFor="donor-email">{t('checkout.emailLabel')}</label>
        <input
          ref={emailRef}
          id="donor-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          maxLength={EMAIL_MAX_LENGTH}
          value={state.email}
          aria-invalid={showEmailError ? true : undefined}
          aria-describedby="donor-email-hint donor-email-error"
          onChange={(e) => {
            onTyped();
            dispatch({ type: 'email', value: e.target.value });
          }}
          onBlur={() => dispatch({ type: 'left', field: 'email' })}
        />
        <p id="donor-email-hint" className="field-hint">
          {t('checkout.emailHint')}
        </p>
        <p id="donor-email-error" className="field-error" aria-live="polite">
          {showEmailError && (
            <>
              <Icon name="close" size={16} /> {t(`checkout.errors.${emailProblem}`)}
            </>
          )}
        </p>
      </div>
      <div className="field">
        <label htmlFor="donor-name">{monthly ? t('checkout.nameLabel') : t('checkout.nameLabelOptional')}</label>
        <input
          ref={nameRef}
          id="donor-name"
          name="name"
          type="text"
          autoComplete="name"
          required={monthly}
          maxLength={DONOR_NAME_MAX_LENGTH}
          value={state.name}
          aria-invalid={showNameError ? true : undefined}
          aria-describedby="donor-name-hint donor-name-error"
          onChange={(e) => {
            onTyped();
            dispatch({ type: 'name', value: e.target.value });
          }}
          onBlur={() => dispatch({ type: 'left', field: 'name' })}
        />
        <p id="donor-name-hint" className="field-hint">
          {t('checkout.nameHint')}
        </p>
        <p id="donor-name-error" className="field-error" aria-live="polite">
          {showNameError && (
            <>
              <Icon name="close" size={16} /> {t(`checkout.errors.${nameProblem}`)}
            </>
          )}
        </p>
      </div>
    </>
  );
}

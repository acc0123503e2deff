// The checkout's "in honour / in memory of" question: a box that opens the
// dedication (honour or memory, the person's name) and, if the donor wants, a card to someone:
// their name and e-mail address, the card's language and the day to send it (today: as soon as the
// gift is confirmed). The server checks all of it again (models/giving/tribute.ts).
import { useT } from '../../app-context';
import { Icon } from '../icons';
import { swissToday } from '../../../models/shared/dates';
import { EMAIL_MAX_LENGTH, TRIBUTE_NAME_MAX_LENGTH } from '../../../models/shared/gift-request';
import { tributeProblems, type TributeState } from '../../../models/shared/donation-form';

/** After a give with something missing: the first field to mend gets the focus. */
export function focusFirstTributeProblem(s: TributeState): void {
  const missing = tributeProblems(s);
  const id = missing.name ? 'tribute-name' : missing.cardName ? 'card-name' : 'card-email';
  (document.getElementById(id) as HTMLInputElement | null)?.focus();
}

function FieldError({ id, text }: { id: string; text: string | null }) {
  return (
    <p id={id} className="field-error" aria-live="polite">
      {text && (
        <>
          <Icon name="close" size={16} /> {text}
        </>
      )}
    </p>
  );
}

export function TributeFields({ tribute: s, problemsShown, set }: { tribute: TributeState; problemsShown: boolean; set: (patch: Partial<TributeState>) => void }) {
  const t = useT();
  const problems = problemsShown ? tributeProblems(s) : {};
  const today = swissToday();
  return (
    <div className="tribute">
      <div className="field check-field">
        <input id="tribute-on" type="checkbox" checked={s.on} onChange={(e) => set({ on: e.target.checked })} aria-describedby="tribute-hint" aria-expanded={s.on} aria-controls="tribute-fields" />
        <label htmlFor="tribute-on">{t('checkout.tribute.toggle')}</label>
        <p id="tribute-hint" className="field-hint">
          {t('checkout.tribute.hint')}
        </p>
      </div>
      <div id="tribute-fields" hidden={!s.on}>
        {s.on && (
          <>
            <fieldset className="choice-group">
              <legend>{t('checkout.tribute.kindLegend')}</legend>
              <div className="choices choices-stacked">
                {(['honour', 'memory'] as const).map((kind) => (
                  <label key={kind} className="choice">
                    <input type="radio" name="tribute-kind" value={kind} checked={s.kind === kind} onChange={() => set({ kind })} />
                    <span>{t(`checkout.tribute.${kind}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="field">
              <label htmlFor="tribute-name">{t('checkout.tribute.nameLabel')}</label>
              <input
                id="tribute-name"
                type="text"
                maxLength={TRIBUTE_NAME_MAX_LENGTH}
                value={s.name}
                aria-invalid={problems.name ? true : undefined}
                aria-describedby="tribute-name-error"
                onChange={(e) => set({ name: e.target.value })}
              />
              <FieldError id="tribute-name-error" text={problems.name ? t('checkout.tribute.nameMissing') : null} />
            </div>
            <div className="field check-field">
              <input id="tribute-card" type="checkbox" checked={s.card} onChange={(e) => set({ card: e.target.checked })} aria-describedby="tribute-card-hint" />
              <label htmlFor="tribute-card">{t('checkout.tribute.cardToggle')}</label>
              <p id="tribute-card-hint" className="field-hint">
                {t('checkout.tribute.cardHint')}
              </p>
            </div>
            {s.card && (
              <div className="tribute-card-fields">
                <div className="field">
                  <label htmlFor="card-name">{t('checkout.tribute.cardName')}</label>
                  <input
                    id="card-name"
                    type="text"
                    maxLength={TRIBUTE_NAME_MAX_LENGTH}
                    autoComplete="off"
                    value={s.cardName}
                    aria-invalid={problems.cardName ? true : undefined}
                    aria-describedby="card-name-error"
                    onChange={(e) => set({ cardName: e.target.value })}
                  />
                  <FieldError id="card-name-error" text={problems.cardName ? t('checkout.tribute.cardNameMissing') : null} />
                </div>
                <div className="field">
                  <label htmlFor="card-email">{t('checkout.tribute.cardEmail')}</label>
                  <input
                    id="card-email"
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={EMAIL_MAX_LENGTH}
                    value={s.cardEmail}
                    aria-invalid={problems.cardEmail ? true : undefined}
                    aria-describedby="card-email-error"
                    onChange={(e) => set({ cardEmail: e.target.value })}
                  />
                  <FieldError id="card-email-error" text={problems.cardEmail ? t('checkout.tribute.cardEmailInvalid') : null} />
                </div>
                <div className="field">
                  <label htmlFor="card-lang">{t('checkout.tribute.cardLang')}</label>
                  <select id="card-lang" value={s.cardLang} onChange={(e) => set({ cardLang: e.target.value as TributeState['cardLang'] })}>
                    <option value="">{t('checkout.tribute.cardLangPage')}</option>
                    <option value="en" lang="en">
                      English
                    </option>
                    <option value="de" lang="de">
                      Deutsch
                    </option>
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="card-on">{t('checkout.tribute.sendOn')}</label>
                  <input id="card-on" type="date" min={today} value={s.sendOn || today} onChange={(e) => set({ sendOn: e.target.value })} aria-describedby="card-on-hint" />
                  <p id="card-on-hint" className="field-hint">
                    {t('checkout.tribute.sendOnHint')}
                  </p>
                </div>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

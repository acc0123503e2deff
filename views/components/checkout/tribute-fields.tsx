// The checkout's "in honour / in memory of" question (issue 28, point 2): a box that opens the
// dedication (honour or memory, the person's name) and, if the donor wants, a card to someone:
// their name and e-mail address, the card's language and the day to send it (today: as soon as the
// gift is confirmed). The server checks all of it again (models/giving/tribute.ts).
import { useState } from 'react';
import { useT } from '../../app-context';
import { Icon } from '../icons';
import type { TributeRequest } from './api';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface TributeState {
  on: boolean;
  kind: 'honour' | 'memory';
  name: string;
  card: boolean;
  cardName: string;
  cardEmail: string;
  cardLang: 'en' | 'de' | '';
  sendOn: string;
}

/** Today in Switzerland, as the date field's value and its minimum. */
function swissToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

export function useTribute() {
  const [state, setState] = useState<TributeState>({ on: false, kind: 'honour', name: '', card: false, cardName: '', cardEmail: '', cardLang: '', sendOn: '' });
  const [shown, setShown] = useState(false);
  const set = (patch: Partial<TributeState>) => setState((s) => ({ ...s, ...patch }));
  return {
    state,
    set,
    problemsShown: shown,
    /** After a give with something missing: the messages show, the first field to mend gets the focus. */
    showProblems() {
      setShown(true);
      const missing = problemsOf(state);
      const id = missing.name ? 'tribute-name' : missing.cardName ? 'card-name' : 'card-email';
      (document.getElementById(id) as HTMLInputElement | null)?.focus();
    },
  };
}
export type TributeHandle = ReturnType<typeof useTribute>;

function problemsOf(s: TributeState): { name?: true; cardName?: true; cardEmail?: true } {
  if (!s.on) return {};
  return {
    ...(s.name.trim() ? {} : { name: true as const }),
    ...(s.card && !s.cardName.trim() ? { cardName: true as const } : {}),
    ...(s.card && !(EMAIL_PATTERN.test(s.cardEmail.trim()) && s.cardEmail.trim().length <= 254) ? { cardEmail: true as const } : {}),
  };
}

/** What the API gets: null for no dedication, 'invalid' while a needed field is missing. */
export function tributeRequest(s: TributeState, lang: 'en' | 'de'): TributeRequest | null | 'invalid' {
  if (!s.on) return null;
  if (Object.keys(problemsOf(s)).length) return 'invalid';
  const tribute: TributeRequest = { kind: s.kind, name: s.name.trim() };
  if (s.card) tribute.notify = { email: s.cardEmail.trim(), name: s.cardName.trim(), language: s.cardLang || lang, sendOn: s.sendOn || swissToday() };
  return tribute;
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

export function TributeFields({ tribute }: { tribute: TributeHandle }) {
  const t = useT();
  const { state: s, set } = tribute;
  const problems = tribute.problemsShown ? problemsOf(s) : {};
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
                maxLength={80}
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
                    maxLength={80}
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
                    maxLength={254}
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

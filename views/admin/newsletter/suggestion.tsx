// The suggested subject and preview text (the assistant's, or the templates'), to apply or dismiss.
import { useT } from '../../app-context';
import type { Suggestion } from './types';

export function SuggestionBox({ suggestion, onApply, onDismiss }: { suggestion: Suggestion; onApply: () => void; onDismiss: () => void }) {
  const t = useT();
  return (
    <div className="nl-suggestion" role="region" aria-label={t('newsletterAdmin.suggestionsHeading')}>
      <p className="nl-suggestion-head">
        <strong>{t('newsletterAdmin.suggestionsHeading')}</strong>{' '}
        <span className={`badge ${suggestion.source === 'ai' ? 'badge-progress' : 'badge-neutral'}`}>{suggestion.source === 'ai' ? t('newsletterAdmin.aiBadge') : t('newsletterAdmin.templateBadge')}</span>
      </p>
      <dl>
        <dt>{t('newsletterAdmin.subject')}</dt>
        <dd>{suggestion.suggestedSubject}</dd>
        <dt>{t('newsletterAdmin.preview')}</dt>
        <dd>{suggestion.suggestedPreview}</dd>
      </dl>
      <p className="small muted">{suggestion.explanation}</p>
      <div className="nl-actions">
        <button type="button" className="btn btn-primary" onClick={onApply}>
          {t('newsletterAdmin.apply')}
        </button>
        <button type="button" className="btn btn-outline" onClick={onDismiss}>
          {t('newsletterAdmin.dismiss')}
        </button>
      </div>
    </div>
  );
}

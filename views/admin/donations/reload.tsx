// What the Donations screen's panels share about their data: each starts with what the page came
// with (the screen's loader, controllers/admin/screens/donations.ts) and asks the API again only
// when something changes (a filter, a year, an import); an older answer never replaces a newer
// one, and an answer that does not come keeps the data shown and says why, with a retry.
import { useCallback, useRef, useState } from 'react';
import { useT } from '../../app-context';
import { errorText } from '../lib/api';

export function useReloadable<T>(initial: T) {
  const t = useT();
  const [data, setData] = useState<T>(initial);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  /** Replaces the data with what `fetch` answers, unless a newer reload started meanwhile. */
  const reload = useCallback(
    async (fetch: () => Promise<T>) => {
      const mine = ++seq.current;
      try {
        const next = await fetch();
        if (mine !== seq.current) return;
        setData(next);
        setError(null);
      } catch (err) {
        if (mine === seq.current) setError(errorText(t, err));
      }
    },
    [t],
  );
  return { data, setData, error, reload };
}

/** The message of a reload that failed (nothing when none did), with a retry where one helps. */
export function LoadFailed({ error, onRetry }: { error: string | null; onRetry?: () => void }) {
  const t = useT();
  if (!error) return null;
  return (
    <div className="nl-error" role="alert">
      <p>{t('admin.donations.loadFailed', { message: error })}</p>
      {onRetry && (
        <button type="button" className="btn btn-outline btn-small" onClick={onRetry}>
          {t('admin.donations.retry')}
        </button>
      )}
    </div>
  );
}

import { useT } from '../app-context';
import { Icon } from './icons';
import { toast } from './toaster';

/** Device share facility when there is one, else the current page address to the clipboard. */
export async function shareOrCopy(data: { title: string; text?: string; url?: string }, copied: () => void): Promise<void> {
  const url = data.url ?? window.location.href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ ...data, url });
      return;
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    copied();
  } catch {
    /* clipboard refused: nothing else to do */
  }
}

export function ShareButton({ title, text, url, label, className = 'icon-btn' }: { title: string; text?: string; url?: string; label?: string; className?: string }) {
  const t = useT();
  return (
    <button
      type="button"
      className={className}
      aria-label={label ? undefined : `${t('common.share')}: ${title}`}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void shareOrCopy({ title, text, url }, () => toast({ title: t('common.linkCopied'), description: t('common.linkCopiedText') }));
      }}
    >
      <Icon name="share" size={18} />
      {label && <span>{label}</span>}
    </button>
  );
}

// Admin Social Media tab: choose a project or an article, the
// platforms and the language, generate one post per platform, copy it, open the platform,
// and view or download one of the seven preset images. The projects and articles to choose from
// come from the screen's loader (controllers/admin/screens/social.ts); the API writes the posts.
import { useId, useState } from 'react';
import { useApp, useLang, useT } from '../../app-context';
import { toast } from '../../components/toaster';
import { adminFetch, errorText } from '../lib/api';
import { Dialog } from '../widgets/ui';
import { localized, type Lang, type Project } from '../../../models/shared/rules';
import type { NewsSummary } from '../../../models/content/news';
import {
  downloadFileName,
  PLATFORM_LABELS,
  PLATFORMS,
  PRESET_IMAGES,
  sharePageUrl,
  X_MAX_LENGTH,
  xLength,
  type Platform,
  type PresetImage,
  type SocialContentType,
  type SocialPost,
} from '../../../models/shared/social';

interface GenerateResponse {
  content: Partial<Record<Platform, SocialPost>>;
  source: 'ai' | 'templates';
  language: Lang;
}

/** Clipboard API, with the old selection-based copy as a fallback (http origins, older browsers). */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy failed');
  }
}

function PostCard({ platform, post, onChange }: { platform: Platform; post: SocialPost; onChange: (text: string) => void }) {
  const t = useT();
  const id = useId();
  const label = PLATFORM_LABELS[platform];
  const xCount = platform === 'twitter' ? xLength(post.text) : null;

  const copy = async () => {
    try {
      await copyText(post.text);
      toast({ title: t('social.copied'), description: t('social.copiedText', { platform: label }), variant: 'success' });
    } catch {
      toast({ title: t('social.copyFailed'), description: t('social.copyFailedText'), variant: 'destructive' });
    }
  };

  const open = async () => {
    // The share pages take a link, not the text: the text goes to the clipboard for pasting.
    await copyText(post.text).catch(() => undefined);
    window.open(sharePageUrl(platform, post.url, post.text), '_blank', 'noopener,noreferrer');
    toast({ title: t('social.opened'), description: t('social.openedText', { platform: label }), variant: 'success' });
  };

  return (
    <li className="social-post card">
      <div className="card-body">
        <h4 id={`${id}-h`}>{label}</h4>
        <label htmlFor={`${id}-text`} className="sr-only">
          {t('social.postLabel', { platform: label })}
        </label>
        <textarea id={`${id}-text`} value={post.text} rows={platform === 'twitter' ? 5 : 9} onChange={(e) => onChange(e.target.value)} aria-describedby={xCount !== null ? `${id}-count` : undefined} />
        {xCount !== null && (
          <p id={`${id}-count`} className={`small ${xCount > X_MAX_LENGTH ? 'social-over' : 'muted'}`}>
            {t('social.xCount', { count: xCount, max: X_MAX_LENGTH })}
          </p>
        )}
        <div className="nl-actions">
          <button type="button" className="btn btn-primary" onClick={copy}>
            {t('social.copy')}
            <span className="sr-only"> ({label})</span>
          </button>
          <button type="button" className="btn btn-outline" onClick={open}>
            {t('social.open', { platform: label })}
            <span className="sr-only"> ({t('common.opensNewTab')})</span>
          </button>
        </div>
      </div>
    </li>
  );
}

function PresetImages() {
  const t = useT();
  const lang = useLang();
  const { site } = useApp();
  const [viewing, setViewing] = useState<PresetImage | null>(null);

  const download = async (image: PresetImage) => {
    const name = downloadFileName(site.name, image, new Date());
    try {
      const res = await fetch(image.png);
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({ title: t('social.downloaded'), description: t('social.downloadedText', { file: name }), variant: 'success' });
    } catch {
      window.open(image.png, '_blank', 'noopener');
      toast({ title: t('social.openedNewTab'), description: t('social.openedNewTabText'), variant: 'default' });
    }
  };

  return (
    <section className="social-images" aria-labelledby="social-images-h">
      <h3 id="social-images-h">{t('social.imagesHeading')}</h3>
      <p className="small muted">{t('social.imagesIntro')}</p>
      <ul className="social-image-grid">
        {PRESET_IMAGES.map((image) => (
          <li key={image.name} className="social-image">
            <img src={image.svg} alt={image.alt[lang]} width={160} height={160} loading="lazy" />
            <p className="small">{image.title[lang]}</p>
            <div className="social-image-actions">
              <button type="button" className="btn btn-outline btn-small" onClick={() => setViewing(image)}>
                {t('social.view')}
                <span className="sr-only"> ({image.title[lang]})</span>
              </button>
              <button type="button" className="btn btn-outline btn-small" onClick={() => download(image)}>
                {t('social.download')}
                <span className="sr-only"> ({image.title[lang]})</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Dialog open={viewing !== null} onClose={() => setViewing(null)} title={viewing ? viewing.title[lang] : ''} wide>
        {viewing && (
          <div className="social-image-view">
            <img src={viewing.svg} alt={viewing.alt[lang]} width={540} height={540} />
            <div className="nl-actions">
              <button type="button" className="btn btn-primary" onClick={() => download(viewing)}>
                {t('social.download')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}

export interface SocialMediaTabProps {
  projects: Project[];
  news: NewsSummary[];
  /** Who writes the posts: OpenAI, or the templates that stand in without a key. */
  assistant: 'openai' | 'templates';
}

export function SocialMediaTab({ projects, news, assistant }: SocialMediaTabProps) {
  const t = useT();
  const uiLang = useLang();
  const [contentType, setContentType] = useState<SocialContentType>('project');
  const [itemId, setItemId] = useState<number | null>(null);
  const [platforms, setPlatforms] = useState<Platform[]>([]);
  const [language, setLanguage] = useState<Lang>(uiLang);
  const [posts, setPosts] = useState<GenerateResponse | null>(null);
  const [busy, setBusy] = useState(false);

  const switchType = (type: SocialContentType) => {
    setContentType(type);
    setItemId(null); // switching the content type clears the selection
    setPosts(null);
  };

  const ready = itemId !== null && platforms.length > 0;
  const templates = assistant === 'templates';

  const generate = async () => {
    if (!ready) {
      toast({ title: t('social.missing'), description: t('social.missingText'), variant: 'destructive' });
      return;
    }
    const item = contentType === 'project' ? projects.find((p) => p.id === itemId) : news.find((a) => a.id === itemId);
    if (!item) return;
    setBusy(true);
    try {
      // The content as an object (id, title, description, content, excerpt, slug); the server trusts only the id.
      const content =
        contentType === 'project'
          ? { id: item.id, slug: item.slug, title: item.title, description: (item as Project).description }
          : { id: item.id, slug: item.slug, title: item.title, excerpt: (item as NewsSummary).excerpt, description: (item as NewsSummary).abstract };
      const res = await adminFetch<GenerateResponse>('POST', '/api/admin/social-media/generate', { contentType, content, platforms, language });
      setPosts(res);
      toast({
        title: t('social.generated'),
        description: t('social.generatedText', { count: Object.keys(res.content).length }),
        variant: 'success',
      });
    } catch (err) {
      toast({ title: t('social.failed'), description: errorText(t, err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const items = contentType === 'project' ? projects : news;

  return (
    <section className="social-tab" aria-labelledby="social-heading">
      <h2 id="social-heading">{t('social.title')}</h2>
      <p className="muted">{t('social.intro')}</p>
      <ul className="nl-services">
        <li className={`chip-static${templates ? ' chip-template' : ''}`}>{templates ? t('social.assistantTemplates') : t('social.assistantAi')}</li>
      </ul>

      <div className="social-form">
        <fieldset className="social-choice">
          <legend>{t('social.contentType')}</legend>
          {(['project', 'news'] as const).map((type) => (
            <label key={type} className="social-option">
              <input type="radio" name="social-content-type" value={type} checked={contentType === type} onChange={() => switchType(type)} />
              {type === 'project' ? t('social.project') : t('social.news')}
            </label>
          ))}
        </fieldset>

        <div className="nl-field">
          <label htmlFor="social-item">{contentType === 'project' ? t('social.chooseProject') : t('social.chooseArticle')}</label>
          <select
            id="social-item"
            value={itemId ?? ''}
            onChange={(e) => {
              setItemId(e.target.value ? Number(e.target.value) : null);
              setPosts(null);
            }}
          >
            <option value="">{t('social.selectPlaceholder')}</option>
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {localized(uiLang, item.title, item.titleDe)}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="social-choice">
          <legend>{t('social.platforms')}</legend>
          {PLATFORMS.map((p) => (
            <label key={p} className="social-option">
              <input
                type="checkbox"
                checked={platforms.includes(p)}
                onChange={() => setPlatforms((list) => (list.includes(p) ? list.filter((x) => x !== p) : PLATFORMS.filter((x) => x === p || list.includes(x))))}
              />
              {PLATFORM_LABELS[p]}
            </label>
          ))}
        </fieldset>

        <div className="nl-field">
          <label htmlFor="social-language">{t('social.language')}</label>
          <select id="social-language" value={language} onChange={(e) => setLanguage(e.target.value === 'de' ? 'de' : 'en')}>
            <option value="en">{t('newsletterAdmin.langEn')}</option>
            <option value="de">{t('newsletterAdmin.langDe')}</option>
          </select>
        </div>
      </div>

      <div className="nl-actions">
        <button type="button" className="btn btn-primary" onClick={generate} aria-disabled={!ready || busy} aria-describedby={ready ? undefined : 'social-missing'} disabled={busy}>
          {busy ? t('social.generating') : t('social.generate')}
        </button>
      </div>
      {!ready && (
        <p id="social-missing" className="nl-missing small">
          {t('social.missingText')}
        </p>
      )}

      {posts && (
        <section className="social-results" aria-labelledby="social-results-h">
          <h3 id="social-results-h">
            {t('social.resultsHeading')}{' '}
            <span className={`badge ${posts.source === 'ai' ? 'badge-progress' : 'badge-neutral'}`}>{posts.source === 'ai' ? t('social.aiBadge') : t('social.templateBadge')}</span>
          </h3>
          <ul className="social-posts">
            {PLATFORMS.filter((p) => posts.content[p]).map((p) => (
              <PostCard
                key={p}
                platform={p}
                post={posts.content[p]!}
                onChange={(text) => setPosts((cur) => (cur ? { ...cur, content: { ...cur.content, [p]: { ...cur.content[p]!, text } } } : cur))}
              />
            ))}
          </ul>
        </section>
      )}

      <PresetImages />
    </section>
  );
}

export default SocialMediaTab;

// Social-media posts: the platforms, their rules, the deterministic templates used when no AI
// is configured, and the preset images. Pure functions: the admin tab imports them too.
import type { Lang } from './rules';

export type Platform = 'facebook' | 'instagram' | 'linkedin' | 'twitter';
export const PLATFORMS: readonly Platform[] = ['facebook', 'instagram', 'linkedin', 'twitter'];
export const PLATFORM_LABELS: Record<Platform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter/X',
};

export type SocialContentType = 'project' | 'news';

/** One item to write about, already in the post's language. */
export interface SocialItem {
  type: SocialContentType;
  title: string;
  /** Plain text (no markdown), the item's description or abstract. */
  summary: string;
  /** Absolute public URL of the item's page in the post's language. */
  url: string;
}

export interface SocialPost {
  text: string;
  url: string;
}

export type SocialPosts = Partial<Record<Platform, SocialPost>>;

// --- X (Twitter) length -------------------------------------------------------------------
// X wraps every link in t.co, so a URL counts as 23 characters whatever its real length.
// We follow that rule: text counts one per character (code point), each http(s) URL counts 23.
// (X also weighs emoji and CJK characters double; the templates use neither, and AI output
// is re-checked with this same function, which counts those as 1 — the fitting below keeps a
// safety margin of a few characters for that reason.)
export const X_MAX_LENGTH = 280;
export const X_URL_LENGTH = 23;
const X_SAFETY = 4;
const URL_RE = /https?:\/\/\S+/g;

export function xLength(text: string): number {
  let length = 0;
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    length += [...text.slice(last, m.index)].length + X_URL_LENGTH;
    last = m.index + m[0].length;
  }
  return length + [...text.slice(last)].length;
}

/** Cuts text at a word boundary so it is at most `max` characters, ending with an ellipsis. */
export function cutWords(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return text.trim();
  if (max <= 1) return '';
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.5 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '') + '…';
}

/**
 * An X post of at most 280 characters (t.co rule): the body is shortened as needed; the
 * link is always kept; hashtags are added only while they fit.
 */
export function fitX(body: string, url: string, hashtags: string[] = []): string {
  const budget = X_MAX_LENGTH - X_SAFETY;
  const withoutUrls = body.replace(URL_RE, '').replace(/\s{2,}/g, ' ').trim();
  const tail = ` ${url}`;
  // Hashtags stay while they leave the body a reasonable amount of room.
  const tags = [...hashtags];
  const tagText = () => (tags.length ? ` ${tags.join(' ')}` : '');
  while (tags.length && budget - xLength(tagText() + tail) < Math.min(100, xLength(withoutUrls))) tags.pop();
  const room = budget - xLength(tagText() + tail);
  return cutWords(withoutUrls, room) + tagText() + tail;
}

// --- Hashtags -------------------------------------------------------------------------------
// Matched at the start of a word ("Ernte" must not match "entfernten").
const TOPICS: { re: RegExp; en: string; de: string }[] = [
  { re: /\b(solar|light|energy|energie|strom)/i, en: '#SolarEnergy', de: '#Solarenergie' },
  { re: /\b(garden|harvest|permaculture|food|garten|g\u00E4rten|ernte|permakultur|ern\u00E4hrung)/i, en: '#FoodSecurity', de: '#Ern\u00E4hrungssicherheit' },
  { re: /\b(health|medicine|hospital|clinic|gesundheit|medikament|spital|klinik)/i, en: '#GlobalHealth', de: '#Gesundheit' },
  { re: /\b(skill|training|learn|school|nook|education|ausbildung|lern|schule|bildung|berufsbildung)/i, en: '#Education', de: '#Bildung' },
  { re: /\b(water|borehole|wasser|brunnen)/i, en: '#CleanWater', de: '#SauberesWasser' },
  { re: /\b(recycl|environment|trees?\b|umwelt|b\u00E4ume|baum)/i, en: '#Environment', de: '#Umwelt' },
];

export function hashtagsFor(item: Pick<SocialItem, 'title' | 'summary'>, lang: Lang, max = 8): string[] {
  const base = lang === 'de' ? ['#Simbabwe', '#Mwenezi', '#Gemeinschaft', '#Entwicklungszusammenarbeit'] : ['#Zimbabwe', '#Mwenezi', '#CommunityDevelopment', '#Charity'];
  const topical = TOPICS.filter((t) => t.re.test(`${item.title} ${item.summary}`)).map((t) => t[lang]);
  return [...new Set([...topical, ...base, lang === 'de' ? '#Nachhaltigkeit' : '#Sustainability'])].slice(0, max);
}

// --- Templates ------------------------------------------------------------------------------
const TEXT = {
  en: {
    projectCta: 'Find out more and support the project:',
    newsCta: 'Read the full story:',
    instaLink: 'Link in bio.',
    linkedinIntro: (org: string) => `An update from ${org}:`,
    linkedinBody:
      'This work is part of our community-led development programme in Mwenezi Ward 3, Zimbabwe, carried by a local team and supported from Switzerland. We welcome partners who share our commitment to sustainable, locally owned progress.',
    linkedinCta: 'Learn more:',
  },
  de: {
    projectCta: 'Mehr erfahren und das Projekt unterstützen:',
    newsCta: 'Die ganze Geschichte lesen:',
    instaLink: 'Link in der Bio.',
    linkedinIntro: (org: string) => `Neuigkeiten von ${org}:`,
    linkedinBody:
      'Diese Arbeit ist Teil unseres gemeinschaftsgetragenen Entwicklungsprogramms in Mwenezi Ward 3, Simbabwe, getragen von einem lokalen Team und unterstützt aus der Schweiz. Wir freuen uns über Partner, die nachhaltigen, lokal verankerten Fortschritt mittragen.',
    linkedinCta: 'Mehr erfahren:',
  },
} as const;

/** A post for one platform from the fixed templates (used when no AI is configured). */
export function templatePost(platform: Platform, item: SocialItem, lang: Lang, orgName: string): SocialPost {
  const s = TEXT[lang];
  const tags = hashtagsFor(item, lang);
  const cta = item.type === 'project' ? s.projectCta : s.newsCta;
  let text: string;
  switch (platform) {
    case 'facebook':
      text = `${item.title}\n\n${cutWords(item.summary, 500)}\n\n${cta}\n${item.url}`;
      break;
    case 'instagram':
      text = `${item.title}\n\n${cutWords(item.summary, 900)}\n\n${s.instaLink}\n\n${tags.join(' ')}`;
      break;
    case 'linkedin':
      text = `${s.linkedinIntro(orgName)} ${item.title}\n\n${cutWords(item.summary, 700)}\n\n${s.linkedinBody}\n\n${s.linkedinCta} ${item.url}\n\n${tags.slice(0, 3).join(' ')}`;
      break;
    case 'twitter':
      text = fitX(`${item.title}: ${item.summary}`, item.url, tags.slice(0, 2));
      break;
  }
  return { text, url: item.url };
}

/**
 * Makes a post (from the AI or a person) respect its platform: X at most 280 characters with
 * the link; Facebook and LinkedIn carry the link; Instagram carries hashtags.
 */
export function enforcePlatformRules(platform: Platform, text: string, item: SocialItem, lang: Lang): SocialPost {
  let t = text.trim();
  switch (platform) {
    case 'twitter': {
      const tags = t.match(/#[\p{L}\p{N}_]+/gu) ?? [];
      const body = t.replace(/#[\p{L}\p{N}_]+/gu, '').trim();
      t = xLength(t) <= X_MAX_LENGTH && t.includes(item.url) ? t : fitX(body, item.url, tags.slice(0, 3));
      break;
    }
    case 'instagram':
      if (!/#[\p{L}\p{N}_]+/u.test(t)) t = `${t}\n\n${hashtagsFor(item, lang).join(' ')}`;
      break;
    case 'facebook':
    case 'linkedin':
      if (!t.includes(item.url)) t = `${t}\n\n${item.url}`;
      break;
  }
  return { text: t, url: item.url };
}

/** The platform's own page to share a link (Instagram has none on the web: its home page). */
export function sharePageUrl(platform: Platform, url: string, text: string): string {
  const u = encodeURIComponent(url);
  switch (platform) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'twitter': {
      // The intent adds the url itself; keep the text without it.
      const body = text.replace(url, '').trim();
      return `https://x.com/intent/post?text=${encodeURIComponent(body)}&url=${u}`;
    }
    case 'instagram':
      return 'https://www.instagram.com/';
  }
}

// --- Preset images --------------------------------------------------------------------------
export interface PresetImage {
  name: string;
  title: Record<Lang, string>;
  /** 1080 x 1080 SVG shown in the admin; the PNG beside it is what platforms accept. */
  svg: string;
  png: string;
  alt: Record<Lang, string>;
}

const preset = (name: string, title: [string, string], alt: [string, string]): PresetImage => ({
  name,
  title: { en: title[0], de: title[1] },
  svg: `/images/social/${name}.svg`,
  png: `/images/social/${name}.png`,
  alt: { en: alt[0], de: alt[1] },
});

// The seven preset images offered with social posts.
export const PRESET_IMAGES: readonly PresetImage[] = [
  preset('village-sunrise', ['Village sunrise', 'Sonnenaufgang im Dorf'], ['Sunrise over round huts and hills in a village', 'Sonnenaufgang über Rundhütten und Hügeln in einem Dorf']),
  preset('solar-light', ['Solar light', 'Solarlicht'], ['Solar panels on a roof with a glowing lamp under a night sky', 'Solarpanels auf einem Dach mit leuchtender Lampe unter dem Nachthimmel']),
  preset('garden-harvest', ['Garden harvest', 'Gartenernte'], ['Rows of green vegetable beds with a basket of harvest', 'Reihen grüner Gemüsebeete mit einem Erntekorb']),
  preset('learning-nook', ['Learning', 'Lernen'], ['Open book and a pencil in front of a learning centre', 'Offenes Buch und Bleistift vor einem Lernzentrum']),
  preset('health-care', ['Healthcare', 'Gesundheit'], ['Medical cross in a heart above a small clinic', 'Medizinisches Kreuz in einem Herz über einer kleinen Klinik']),
  preset('clean-water', ['Clean water', 'Sauberes Wasser'], ['Water drop above a village water tap', 'Wassertropfen über einem Wasserhahn im Dorf']),
  preset('thank-you', ['Thank you', 'Danke'], ['Two hands holding up a heart in front of the sun', 'Zwei Hände halten ein Herz vor der Sonne hoch']),
];

/** Download name: prefixed and timestamped, e.g. kuvaka-social-solar-light-20261122-093000.png */
export function downloadFileName(orgName: string, image: Pick<PresetImage, 'name' | 'png'>, when: Date): string {
  const prefix = orgName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ')[0] || 'charity';
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${when.getFullYear()}${pad(when.getMonth() + 1)}${pad(when.getDate())}-${pad(when.getHours())}${pad(when.getMinutes())}${pad(when.getSeconds())}`;
  const ext = image.png.slice(image.png.lastIndexOf('.'));
  return `${prefix}-social-${image.name}-${stamp}${ext}`;
}

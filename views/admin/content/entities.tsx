// The four kinds of content of the Projects, News, Team and Pages tabs: their form fields, their
// list rows and their form values. One generic tab (content-tab.tsx) renders them all.
import type { TFunction } from '../../translate';
import { EXCERPT_LENGTH, outreachBlock, stripMarkdown, TEAM_LOCATIONS } from '../../../models/shared/admin-rules';
import { PAGE_NAMES } from '../../../models/shared/site-pages';
import { formatDate, formatMoney, localized, type NewsArticle, type PageContent, type Project, type TeamMember } from '../../../models/shared/rules';
import type { NewsSummary } from '../../../models/content/news';
import type { Lang, SiteInfo } from '../../types';
// Publishing: the form's publishing choice and the list rows' state.
import { publishingRow, publishingValues, rowState, type RowState } from '../widgets/publishing';
import type { EntityName, FieldDef, FormContext } from '../lib/fields';

/** A row of the list: what the admin recognises an item by. */
export interface ListRow {
  id: number;
  title: string;
  meta: string[];
  excerpt: string;
  image: string | null;
  /** Publishing: Draft / Scheduled / Published, and marks such as "German missing". */
  state?: RowState;
}

export interface EntityConfig {
  name: EntityName;
  /** Fields, in rows: two fields side by side are the English and German version. */
  rows: FieldDef[][];
  row: (item: any, lang: Lang, t: TFunction) => ListRow;
  values: (item: any | null, ctx: FormContext) => Record<string, string>;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const pair = (name: string, kind: FieldDef['kind'], extra: Partial<FieldDef> = {}): FieldDef[] => [
  { name, label: name, kind, required: true, ...extra },
  { name: `${name}De`, label: `${name}De`, kind, required: true, ...extra },
];

export const ENTITIES: Record<EntityName, EntityConfig> = {
  projects: {
    name: 'projects',
    rows: [
      pair('title', 'text'),
      pair('description', 'textarea', { rows: 6, hint: 'markdown' }),
      [
        { name: 'status', label: 'status', kind: 'select', options: ({ t }) => ['funding', 'progress', 'completed'].map((s) => ({ value: s, label: t(`admin.status.${s}`) })) },
        { name: 'order', label: 'order', kind: 'number', hint: 'order' },
      ],
      [
        { name: 'raisedAmount', label: 'raisedAmount', kind: 'amount', hint: 'raisedAmount' },
        { name: 'goalAmount', label: 'goalAmount', kind: 'amount', required: true },
        // What the form showed when it opened: the server applies only the admin's change, so
        // donations that arrive while the form is open are not overwritten.
        { name: 'raisedAmountBase', label: 'raisedAmount', kind: 'hidden' },
      ],
      [{ name: 'imageUrl', label: 'imageUrl', kind: 'image', required: true }],
      [{ name: 'slug', label: 'slug', kind: 'text', hint: 'slug' }],
      publishingRow,
    ],
    row: (p: Project, lang, t) => ({
      id: p.id,
      title: localized(lang, p.title, p.titleDe),
      meta: [
        t(`admin.status.${['funding', 'progress'].includes(p.status) ? p.status : 'completed'}`),
        `${formatMoney(Number(p.raisedAmount), lang)} / ${formatMoney(Number(p.goalAmount), lang)}`,
      ],
      // Markdown fields show their words only (the list has no room for the marks).
      excerpt: stripMarkdown(localized(lang, p.description, p.descriptionDe)),
      image: p.imageUrl,
      state: rowState(p),
    }),
    values: (p: Project | null) => ({
      title: str(p?.title),
      titleDe: str(p?.titleDe),
      description: str(p?.description),
      descriptionDe: str(p?.descriptionDe),
      status: p?.status ?? 'funding',
      order: str(p?.order ?? 0),
      raisedAmount: p ? p.raisedAmount : '0',
      raisedAmountBase: p ? p.raisedAmount : '',
      goalAmount: str(p?.goalAmount),
      imageUrl: str(p?.imageUrl),
      slug: str(p?.slug),
      ...publishingValues(p),
    }),
  },
  news: {
    name: 'news',
    rows: [
      pair('title', 'text'),
      pair('abstract', 'textarea', { rows: 3 }),
      pair('content', 'textarea', { rows: 14, hint: 'markdown' }),
      [
        {
          name: 'projectId',
          label: 'projectId',
          kind: 'select',
          options: ({ t, lang, projectOptions }) => [
            { value: '', label: t('admin.form.noProject') },
            ...projectOptions.map((p) => ({ value: String(p.id), label: localized(lang, p.title, p.titleDe) })),
          ],
        },
        { name: 'publishedAt', label: 'publishedAt', kind: 'date', hint: 'publishedAt' },
      ],
      [{ name: 'imageUrl', label: 'imageUrl', kind: 'image', required: true }],
      [
        { name: 'excerpt', label: 'excerpt', kind: 'text', hint: 'excerpt' },
        { name: 'slug', label: 'slug', kind: 'text', hint: 'slug' },
      ],
      publishingRow,
    ],
    row: (a: NewsSummary, lang) => ({
      id: a.id,
      title: localized(lang, a.title, a.titleDe),
      meta: [formatDate(a.publishedAt, lang, 'medium')],
      excerpt: localized(lang, a.abstract ?? '', a.abstractDe),
      image: a.imageUrl,
      // Without both abstracts an article is not public at all (models/news.ts): say so.
      state: rowState(a, a.abstract?.trim() && a.abstractDe?.trim() ? [] : ['germanMissing']),
    }),
    values: (a: NewsArticle | null, { site }) => ({
      title: str(a?.title),
      titleDe: str(a?.titleDe),
      abstract: str(a?.abstract),
      abstractDe: str(a?.abstractDe),
      // A new article starts with the outreach call to action in both languages.
      content: a ? a.content : '\n\n' + outreachBlock(site, 'en'),
      contentDe: a ? a.contentDe : '\n\n' + outreachBlock(site, 'de'),
      projectId: a?.projectId ? String(a.projectId) : '',
      publishedAt: a ? a.publishedAt.slice(0, 10) : '',
      imageUrl: str(a?.imageUrl),
      excerpt: str(a?.excerpt),
      slug: str(a?.slug),
      ...publishingValues(a),
    }),
  },
  team: {
    name: 'team',
    rows: [
      [{ name: 'name', label: 'name', kind: 'text', required: true }],
      pair('position', 'text'),
      pair('bio', 'textarea', { rows: 5 }),
      [
        { name: 'location', label: 'location', kind: 'select', options: ({ t }) => TEAM_LOCATIONS.map((l) => ({ value: l, label: t(`admin.locations.${locationKey(l)}`) })) },
        { name: 'order', label: 'order', kind: 'number', hint: 'order' },
      ],
      [{ name: 'imageUrl', label: 'imageUrl', kind: 'image', required: true }],
      publishingRow,
    ],
    row: (m: TeamMember, lang, t) => ({
      id: m.id,
      title: m.name,
      meta: [localized(lang, m.position, m.positionDe), t(`admin.locations.${locationKey(m.location)}`)],
      excerpt: localized(lang, m.bio, m.bioDe),
      image: m.imageUrl,
      state: rowState(m),
    }),
    values: (m: TeamMember | null) => ({
      name: str(m?.name),
      position: str(m?.position),
      positionDe: str(m?.positionDe),
      bio: str(m?.bio),
      bioDe: str(m?.bioDe),
      location: m && (TEAM_LOCATIONS as readonly string[]).includes(m.location) ? m.location : 'zimbabwe',
      order: str(m?.order ?? 0),
      imageUrl: str(m?.imageUrl),
      ...publishingValues(m),
    }),
  },
  pages: {
    name: 'pages',
    rows: [
      [{ name: 'pageName', label: 'pageName', kind: 'select', required: true, options: ({ t }) => PAGE_NAMES.map((n) => ({ value: n, label: t(`admin.pageNames.${n}`) })) }],
      pair('title', 'text'),
      pair('content', 'textarea', { rows: 10, hint: 'markdown' }),
      [
        { name: 'metaDescription', label: 'metaDescription', kind: 'textarea', rows: 3, hint: 'metaDescription' },
        { name: 'metaDescriptionDe', label: 'metaDescriptionDe', kind: 'textarea', rows: 3, hint: 'metaDescription' },
      ],
      publishingRow,
    ],
    row: (p: PageContent, lang, t) => ({
      id: p.id,
      title: `${t(`admin.pageNames.${p.pageName}`, { defaultValue: p.pageName })}: ${localized(lang, p.title, p.titleDe)}`,
      meta: [p.pageName],
      excerpt: stripMarkdown(localized(lang, p.content, p.contentDe)),
      image: null,
      state: rowState(p),
    }),
    values: (p: PageContent | null, { usedPageNames }) => ({
      pageName: p?.pageName ?? PAGE_NAMES.find((n) => !usedPageNames.includes(n)) ?? PAGE_NAMES[0],
      title: str(p?.title),
      titleDe: str(p?.titleDe),
      content: str(p?.content),
      contentDe: str(p?.contentDe),
      metaDescription: str(p?.metaDescription),
      metaDescriptionDe: str(p?.metaDescriptionDe),
      ...publishingValues(p),
      // The page's edited words (JSON: key -> { en, de }), edited by PageTextsFields.
      texts: JSON.stringify(p?.texts ?? {}),
    }),
  },
};

/** Locale key of a team location ('Board of Trustees' -> trustees). */
export function locationKey(location: string): 'zimbabwe' | 'switzerland' | 'trustees' {
  if (location === 'Board of Trustees') return 'trustees';
  if (location === 'switzerland') return 'switzerland';
  return 'zimbabwe';
}

export const excerptLength = (name: EntityName) => EXCERPT_LENGTH[name];

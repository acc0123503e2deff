// Search, sort and filters of the admin's Projects, News and Team lists. Pure functions shared by
// the server (the no-JavaScript GET form: /admin/projects?q=...&sort=...) and the admin bundle
// (live filtering), so both show the same list for the same query.
import { publishState, type PublishState } from '../../../models/shared/publish-state';

export type ListEntity = 'projects' | 'news' | 'team';

export const LIST_ENTITIES: readonly ListEntity[] = ['projects', 'news', 'team'];
export const isListEntity = (name: unknown): name is ListEntity => typeof name === 'string' && (LIST_ENTITIES as readonly string[]).includes(name);

/** The sorts of each list; the first is the default (the order the public site shows). */
export const SORTS = {
  projects: ['order', 'title', 'newest', 'funded'],
  news: ['newest', 'oldest', 'title'],
  team: ['order', 'name'],
} as const satisfies Record<ListEntity, readonly string[]>;

export const PUBLISH_STATES: readonly PublishState[] = ['draft', 'scheduled', 'published'];
export const PROJECT_STATUSES = ['funding', 'progress', 'completed'] as const;
export const TEAM_LOCATION_FILTERS = ['zimbabwe', 'switzerland', 'Board of Trustees'] as const;

/** The query of one list. Empty strings mean "no filter". */
export interface ListQuery {
  q: string;
  sort: string;
  /** Publication state: draft, scheduled, published. */
  state: string;
  /** Projects: funding, progress, completed. */
  status: string;
  /** News: a project id, or 'none' (articles about no project). */
  project: string;
  /** News: 'de-missing' (German abstract or title missing: hidden from the news page). */
  lang: string;
  /** Team: a location. */
  location: string;
}

export const EMPTY_QUERY: ListQuery = { q: '', sort: '', state: '', status: '', project: '', lang: '', location: '' };

/** The query parameters a list reads, in the order its URL carries them. */
const PARAMS: Record<ListEntity, (keyof ListQuery)[]> = {
  projects: ['q', 'sort', 'state', 'status'],
  news: ['q', 'sort', 'state', 'project', 'lang'],
  team: ['q', 'sort', 'state', 'location'],
};

export const paramsOf = (entity: ListEntity) => PARAMS[entity];

const MAX_SEARCH = 100;

/**
 * A list's query from request or URL parameters: unknown values are dropped (a link typed by hand
 * or an old bookmark shows the whole list rather than an error).
 */
export function parseListQuery(entity: ListEntity, raw: Record<string, unknown>): ListQuery {
  const str = (key: string) => {
    const v = raw[key];
    return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '';
  };
  const oneOf = (key: string, allowed: readonly string[]) => (allowed.includes(str(key)) ? str(key) : '');
  const query: ListQuery = { ...EMPTY_QUERY, q: str('q').trim().slice(0, MAX_SEARCH) };
  const sorts: readonly string[] = SORTS[entity];
  query.sort = sorts.includes(str('sort')) && str('sort') !== sorts[0] ? str('sort') : '';
  query.state = oneOf('state', PUBLISH_STATES);
  if (entity === 'projects') query.status = oneOf('status', PROJECT_STATUSES);
  if (entity === 'news') {
    const project = str('project');
    query.project = project === 'none' || /^[1-9]\d{0,9}$/.test(project) ? project : '';
    query.lang = oneOf('lang', ['de-missing']);
  }
  if (entity === 'team') query.location = oneOf('location', TEAM_LOCATION_FILTERS);
  return query;
}

/** Whether anything narrows or reorders the list. */
export const isFiltered = (query: ListQuery) => Object.values(query).some((v) => v !== '');

/** The query as URL parameters (only those set), e.g. "&q=solar&status=funding". */
export function listQueryString(entity: ListEntity, query: ListQuery): string {
  const params = new URLSearchParams();
  for (const key of PARAMS[entity]) if (query[key]) params.set(key, query[key]);
  const s = params.toString();
  return s ? `&${s}` : '';
}

/** Lower case without accents, so "zurcher" finds "Zürcher" and "Bäckerei" finds "backerei". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

type Any = Record<string, any>;

/** The texts a search looks in: titles in both languages, slug; team: name and positions. */
function searchable(entity: ListEntity, item: Any): string {
  const parts = entity === 'team' ? [item.name, item.position, item.positionDe] : [item.title, item.titleDe, item.slug];
  return fold(parts.filter((p) => typeof p === 'string').join('\n'));
}

/** An article the news page would hide: its German abstract (or title) is missing. */
export const germanMissing = (a: { titleDe?: string | null; abstractDe?: string | null }) => !a.titleDe?.trim() || !a.abstractDe?.trim();

const funded = (p: Any) => {
  const goal = Number(p.goalAmount);
  return goal > 0 ? Number(p.raisedAmount) / goal : 0;
};
const time = (v: unknown) => (typeof v === 'string' ? Date.parse(v) || 0 : 0);

/**
 * The items a query keeps, in its order. `lang` decides which title sorts by title (the page
 * language's, as the list shows it); ties keep the id order so the result is stable.
 */
export function applyListQuery<T extends Any>(entity: ListEntity, items: readonly T[], query: ListQuery, lang: 'en' | 'de', now: Date = new Date()): T[] {
  const words = fold(query.q).split(/\s+/).filter(Boolean);
  const kept = items.filter((item) => {
    if (words.length) {
      const text = searchable(entity, item);
      if (!words.every((w) => text.includes(w))) return false;
    }
    if (query.state && publishState({ draft: Boolean(item.draft), publishAt: item.publishAt ?? null }, now) !== query.state) return false;
    if (entity === 'projects' && query.status) {
      const status = ['funding', 'progress'].includes(item.status) ? item.status : 'completed';
      if (status !== query.status) return false;
    }
    if (entity === 'news') {
      if (query.project === 'none' && item.projectId) return false;
      if (query.project && query.project !== 'none' && String(item.projectId ?? '') !== query.project) return false;
      if (query.lang === 'de-missing' && !germanMissing(item)) return false;
    }
    if (entity === 'team' && query.location && item.location !== query.location) return false;
    return true;
  });
  const title = (i: Any) => fold(String((lang === 'de' ? i.titleDe || i.title : i.title) ?? ''));
  const collator = new Intl.Collator(lang === 'de' ? 'de-CH' : 'en-GB');
  const byId = (a: Any, b: Any) => Number(a.id) - Number(b.id);
  const sort = query.sort || SORTS[entity][0];
  const compare: (a: Any, b: Any) => number =
    sort === 'title'
      ? (a, b) => collator.compare(title(a), title(b)) || byId(a, b)
      : sort === 'name'
        ? (a, b) => collator.compare(fold(String(a.name ?? '')), fold(String(b.name ?? ''))) || byId(a, b)
        : sort === 'funded'
          ? (a, b) => funded(b) - funded(a) || byId(a, b)
          : sort === 'newest' && entity === 'news'
            ? (a, b) => time(b.publishedAt) - time(a.publishedAt) || byId(b, a)
            : sort === 'oldest'
              ? (a, b) => time(a.publishedAt) - time(b.publishedAt) || byId(a, b)
              : sort === 'newest'
                ? (a, b) => time(b.createdAt) - time(a.createdAt) || byId(b, a)
                : (a, b) => Number(a.order ?? 0) - Number(b.order ?? 0) || byId(a, b);
  return [...kept].sort(compare);
}

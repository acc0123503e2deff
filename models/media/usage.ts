// Where the content still shows a file of the library: a project's, article's or team member's
// picture, an image or a link in a text, a page's words. A file in the trash answers 404, so the
// admin is told before deleting it and on the Trash screen: nothing breaks without a word.
import type { Knex } from 'knex';
import { listProjects } from '../content/project';
import { listNews } from '../content/news';
import { listTeam } from '../content/team';
import { listPageContents } from '../content/page';
import type { ContentTrashName } from '../content/trash';

/** One item of content that refers to a file: its kind, id and title (German too, where it has one). */
export interface MediaUse {
  name: ContentTrashName;
  id: number;
  label: string;
  labelDe: string | null;
}

/** What a file is known by in a text: its address without the extension (its variants start the same), or a shipped file's own address. */
function needleOf(fileName: string): string {
  return fileName.startsWith('/') ? fileName : `/uploads/${fileName.replace(/\.[a-z0-9]+$/, '')}`;
}

/**
 * For each file, the content items (not in the trash) that refer to it, in the order of the
 * admin's screens. The site's content is small: each item's whole admin record is searched, so
 * every field that can hold an address (pictures, Markdown, a page's words) counts.
 */
export async function mediaUsage(db: Knex, files: { id: number; fileName: string }[]): Promise<Map<number, MediaUse[]>> {
  const out = new Map<number, MediaUse[]>(files.map((f) => [f.id, []]));
  if (!files.length) return out;
  const [projects, news, team, pages] = await Promise.all([listProjects(db), listNews(db), listTeam(db), listPageContents(db)]);
  const items: (MediaUse & { text: string })[] = [
    ...projects.map((p) => ({ name: 'projects' as const, id: p.id, label: p.title, labelDe: p.titleDe || null, text: JSON.stringify(p) })),
    ...news.map((a) => ({ name: 'news' as const, id: a.id, label: a.title, labelDe: a.titleDe || null, text: JSON.stringify(a) })),
    ...team.map((m) => ({ name: 'team' as const, id: m.id, label: m.name, labelDe: null, text: JSON.stringify(m) })),
    ...pages.map((p) => ({ name: 'pages' as const, id: p.id, label: p.pageName, labelDe: null, text: JSON.stringify(p) })),
  ];
  for (const f of files) {
    const needle = needleOf(f.fileName);
    out.set(
      f.id,
      items.filter((i) => i.text.includes(needle)).map(({ name, id, label, labelDe }) => ({ name, id, label, labelDe })),
    );
  }
  return out;
}

/** The same for files in the trash, by their ids (the Trash screen: what restoring them would mend). */
export async function trashedMediaUsage(db: Knex, ids: number[]): Promise<Map<number, MediaUse[]>> {
  if (!ids.length) return new Map();
  const rows = (await db('media_items').whereIn('id', ids).whereNotNull('deletedAt').select('id', 'fileName')) as { id: number; fileName: string }[];
  return mediaUsage(db, rows.map((r) => ({ id: Number(r.id), fileName: r.fileName })));
}

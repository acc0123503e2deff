// The content screens (Projects, News, Team, Pages): the list, with the address's search, sort and
// filters applied; the form opened by the address (?new=1, ?edit=<id>: the way without JavaScript,
// and a link to a field); the edited item's revisions, how many of its kind are in the trash; a
// project's spending; a page's texts.
import type { Request, Response } from 'express';
import type { Deps } from '../../context';
import type { ContentScreenProps } from '../../../views/admin/screens';
import type { EntityName } from '../../../views/admin/lib/fields';
import { isListEntity, parseListQuery } from '../../../views/admin/lib/list-tools';
import { listProjects } from '../../../models/content/project';
import { findNewsById, listNews, toSummary } from '../../../models/content/news';
import { listTeam } from '../../../models/content/team';
import { listPageContents } from '../../../models/content/page';
import { pageTextSections } from '../../../models/content/page-texts';
import { findRevision, listRevisions } from '../../../models/content/revisions';
import { redirect } from 'react-router-dom';
import { countTrash, TRASH_KINDS } from '../../../models/content/trash';
import { listSpending } from '../../../models/giving/spending';
import { listMedia } from '../../../models/media/library';
import { adminDisplayName } from '../../../models/people/user';
import { isPageName, PAGE_NAMES } from '../../../models/shared/site-pages';
import { adminHref } from '../../../models/shared/admin-rules';
import { langOf } from '../../context';
import type { PageContent } from '../../../models/shared/rules';
import { idParam } from './params';
import { takeFlash } from './flash';

type Item = ContentScreenProps['items'][number];

async function listOf(deps: Deps, name: EntityName): Promise<Item[]> {
  switch (name) {
    case 'projects':
      return listProjects(deps.db);
    case 'news':
      return (await listNews(deps.db)).map(toSummary);
    case 'team':
      return listTeam(deps.db);
    case 'pages':
      return listPageContents(deps.db);
  }
}

export function contentScreen(name: EntityName) {
  return async (req: Request, res: Response, deps: Deps): Promise<ContentScreenProps> => {
    const q = req.query;
    // The screen's trash of before (?trash=1) is the Trash screen now, showing this kind.
    if (q.trash) throw redirect(adminHref(langOf(req), 'trash', `?kind=${name}`), 301);
    const flash = takeFlash(req, res);
    const items = await listOf(deps, name);
    const editId = idParam(q.edit);
    let form: ContentScreenProps['form'] = null;
    if (q.new) form = { id: null, item: null };
    else if (editId) {
      const item = name === 'news' ? await findNewsById(deps.db, editId) : (items.find((i) => i.id === editId) ?? null);
      if (item) form = { id: editId, item };
      // A save refused because the item went away meanwhile (deleted, in the trash): the form
      // still opens with what was typed and the message, so the words can be kept.
      else if (flash?.form?.tab === name && flash.form.id === editId) form = { id: editId, item: null };
    }
    // The open Pages form's texts: the page named by a failed post, else the edited entry's, else
    // the first page a new entry would get (the form without JavaScript cannot ask for them).
    let pageTexts: ContentScreenProps['pageTexts'] = null;
    if (name === 'pages' && form) {
      const pages = items.filter((i): i is PageContent => 'pageName' in i);
      const used = pages.map((p) => p.pageName);
      const flashed = flash?.form?.tab === 'pages' ? flash.form.values.pageName : undefined;
      const pageName = flashed ?? (form.item ? pages.find((p) => p.id === form.id)?.pageName : undefined) ?? PAGE_NAMES.find((n) => !used.includes(n)) ?? PAGE_NAMES[0];
      if (isPageName(pageName)) pageTexts = { pageName, sections: pageTextSections(pageName) };
    }
    const entity = TRASH_KINDS[name].entity;
    let history: ContentScreenProps['history'] = null;
    if (form?.id) {
      const revisions = await listRevisions(deps.db, entity, form.id);
      const revId = idParam(q.revision);
      const compare = revId ? await findRevision(deps.db, revId) : null;
      history = { revisions, compare: compare && compare.entity === entity && compare.entityId === form.id ? compare : null, confirmRestore: Boolean(q.restore) };
    }
    const trash = { count: await countTrash(deps.db, name) };
    return {
      items,
      form,
      confirmDelete: idParam(q.delete),
      listQuery: isListEntity(name) ? parseListQuery(name, q) : null,
      projectOptions: name === 'news' ? (await listProjects(deps.db)).map((p) => ({ id: p.id, title: p.title, titleDe: p.titleDe })) : null,
      history,
      trash,
      pageTexts,
      spending: name === 'projects' && form?.id && form.item ? await spendingOf(deps, form.id, q) : null,
    };
  };
}

/** Where the money went: the edited project's spending records and the files a receipt can be. */
async function spendingOf(deps: Deps, projectId: number, q: Request['query']): Promise<ContentScreenProps['spending']> {
  const records = await listSpending(deps.db, projectId);
  const receipts = (await listMedia(deps.db)).filter((m) => m.fileType === 'pdf' || m.fileType === 'image').map((m) => ({ id: m.id, name: m.originalName, url: m.url }));
  const wanted = q.spending === 'new' ? 'new' : idParam(q.spending);
  return {
    records,
    total: (records.reduce((s, r) => s + Math.round(Number(r.amount) * 100), 0) / 100).toFixed(2),
    receipts,
    open: wanted === 'new' || (wanted !== null && records.some((r) => r.id === wanted)) ? wanted : null,
    confirm: idParam(q.spendingDelete),
  };
}

// Who may do what in the admin area. Three roles:
//   editor    content, media, the newsletter, social posts, translations and the glossary;
//   treasurer donations, certificates, donors' data (a person's data: access and erasure) and
//             what was spent;
//   admin     everything, and the people (inviting, removing).
// Every role reads the content (a treasurer records spending against a project it must see) and
// the activity log. One rule decides for the JSON API and for the admin page's forms alike, from
// the method and the path below /api/admin or /admin: nothing else in the code decides it.
// The admin's screens stand in groups of the work they serve, and a role's menu holds the groups
// it works in (below). Only the list of screens is imported: the admin's browser code shows what
// the person may use by the same rule.
import { ADMIN_TABS, type AdminTab } from './admin-rules';

export const ADMIN_ROLES = ['editor', 'treasurer', 'admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const isAdminRole = (v: unknown): v is AdminRole => typeof v === 'string' && (ADMIN_ROLES as readonly string[]).includes(v);

/** What a request needs: content (editor), money (treasurer), people (admin), or any role. */
export type Capability = 'content' | 'money' | 'people' | 'any';

const CAN: Record<AdminRole, readonly Capability[]> = {
  editor: ['any', 'content'],
  treasurer: ['any', 'money'],
  admin: ['any', 'content', 'money', 'people'],
};

export const roleCan = (role: AdminRole, capability: Capability): boolean => CAN[role].includes(capability);

/** Paths (below /api/admin or /admin) about money and donors' personal data: treasurers and admins, any method. */
const MONEY = [/^\/donations(?:[/.]|$)/, /^\/bank-imports(?:\/|$)/, /^\/(?:exchange-rates|journal|supporters|bank-statements|accounts)(?:[/.]|$)/, /^\/privacy(?:\/|$)/, /^\/projects\/[^/]+\/ledger$/];
/** Spending records: everyone reads them (they are public on the project page); treasurers and admins change them. */
const SPENDING = [/^\/projects\/[^/]+\/spending$/, /^\/spending(?:\/|$)/];
/** The people: admins only. */
const PEOPLE = [/^\/people(?:\/|$)/];
/** One's own account (passkeys, sessions, signing out) and the session: every role. */
const OWN = [/^\/(?:session|logout|account)(?:\/|$)/];

/**
 * The capability a request needs: `path` is below /api/admin (or /admin for the page's forms),
 * without the query string. Reading is open to every role except money and people; a change
 * needs the capability of what it changes (content by default).
 */
export function capabilityFor(method: string, path: string): Capability {
  const read = method === 'GET' || method === 'HEAD';
  if (OWN.some((r) => r.test(path))) return 'any';
  if (PEOPLE.some((r) => r.test(path))) return 'people';
  if (MONEY.some((r) => r.test(path))) return 'money';
  if (SPENDING.some((r) => r.test(path))) return read ? 'any' : 'money';
  return read ? 'any' : 'content';
}

/**
 * The groups of the admin's screens, in the menu's order: money (the overview of gifts and visits,
 * the donations, the supporters' fundraisers), content (what the site, the newsletter and the
 * social posts say, and the tools for its words), people (who has access; for those who do not
 * manage the people, their own account).
 */
export const ADMIN_GROUPS = ['money', 'content', 'people'] as const;
export type AdminGroup = (typeof ADMIN_GROUPS)[number];

/** Each screen's group: a new screen has none until it is given one here (the type says so). */
export const SCREEN_GROUP: Record<AdminTab, AdminGroup> = {
  dashboard: 'money',
  donations: 'money',
  fundraisers: 'money',
  projects: 'content',
  news: 'content',
  team: 'content',
  pages: 'content',
  media: 'content',
  newsletter: 'content',
  social: 'content',
  glossary: 'content',
  translations: 'content',
  trash: 'content',
  people: 'people',
};

/** What a role needs to work in a group (the groups of its work). */
const GROUP_NEEDS: Record<AdminGroup, Capability> = { money: 'money', content: 'content', people: 'people' };

/**
 * Screens a role works in outside its groups: an editor approves and edits the supporters'
 * fundraisers (their words and pictures) and writes the yearly impact report's introductions on the
 * dashboard (the overview every role had; /admin, where a sign-in does not lead an editor); a
 * treasurer records what was spent in a project's form (the Projects screen); everyone has their
 * own account (the People screen).
 */
const ALSO: Record<AdminRole, readonly AdminTab[]> = { editor: ['dashboard', 'fundraisers', 'people'], treasurer: ['projects', 'people'], admin: [] };

const worksIn = (role: AdminRole, group: AdminGroup): boolean => roleCan(role, GROUP_NEEDS[group]);

/** Whether a role's menu offers a screen (and the page opens it: any other one leads to the role's first screen). */
export const tabAllowed = (role: AdminRole, tab: string): boolean =>
  (ADMIN_TABS as readonly string[]).includes(tab) && (worksIn(role, SCREEN_GROUP[tab as AdminTab]) || ALSO[role].includes(tab as AdminTab));

/**
 * A role's menu: the groups of its work first, then the groups it has a screen in, each with the
 * screens it offers (in the order of ADMIN_TABS).
 */
export function menuFor(role: AdminRole): { group: AdminGroup; screens: AdminTab[] }[] {
  const groups = [...ADMIN_GROUPS.filter((g) => worksIn(role, g)), ...ADMIN_GROUPS.filter((g) => !worksIn(role, g))];
  return groups.map((group) => ({ group, screens: ADMIN_TABS.filter((tab) => SCREEN_GROUP[tab] === group && tabAllowed(role, tab)) })).filter((g) => g.screens.length > 0);
}

/**
 * Where a role's work is, the screen /admin opens for it: the first of its menu. An admin and a
 * treasurer: the dashboard (the overview of gifts and visits, at /admin itself); an editor: the
 * first content screen (Projects).
 */
export const homeScreen = (role: AdminRole): AdminTab => menuFor(role)[0]!.screens[0]!;

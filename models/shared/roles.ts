// Who may do what in the admin area. Three roles:
//   editor    content, media, the newsletter, social posts, translations and the glossary;
//   treasurer donations, certificates, donors' data (a person's data: access and erasure) and
//             what was spent;
//   admin     everything, and the people (inviting, removing).
// Every role reads the content (a treasurer records spending against a project it must see) and
// the activity log. One rule decides for the JSON API and for the admin page's forms alike, from
// the method and the path below /api/admin or /admin: nothing else in the code decides it.
// No imports: the admin's browser code shows only what the person may use, by the same rule.

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
const MONEY = [/^\/donations(?:[/.]|$)/, /^\/bank-imports(?:\/|$)/, /^\/privacy(?:\/|$)/, /^\/projects\/[^/]+\/ledger$/];
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
 * The admin tabs a role sees: the Donations tab (donors' data) only treasurers and admins; the
 * Trash (restoring is a change of content) only editors and admins; the People tab everyone (for
 * those who do not manage the people it is their own account).
 */
export const tabAllowed = (role: AdminRole, tab: string): boolean => (tab === 'donations' ? roleCan(role, 'money') : tab === 'trash' ? roleCan(role, 'content') : true);

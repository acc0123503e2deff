// What an audit entry is about, as data: the admin words every entry as a sentence in the
// admin's language from these (views/admin/activity-text.ts), never from a stored English line.
// Stored as JSON in audit_log.details; entries written before it had only their English `summary`,
// which models/people/audit.ts reads back into the same shape.

/** The earlier version a restore brought back: who saved it, and when. */
export interface AuditRevisionRef {
  id: number;
  /** The revision's action: 'baseline' is the item as it was before the history began. */
  action?: string;
  actor?: string;
  actorName?: string | null;
  /** When it was saved (ISO). */
  at?: string;
}

export interface AuditDetails {
  /** The item's name as it was then (a title, a file's name, a newsletter's subject). */
  name?: string;
  /** Its German title then, when it has one (a project's, an article's): a German admin reads that one. */
  nameDe?: string;
  /** A file moved to the media library's trash (older file deletes removed it at once). */
  trash?: boolean;
  /** The fields a save changed (empty: saved without a change). */
  fields?: string[];
  /** The fields saved as machine translation drafts. */
  machine?: string[];
  /** A restore: the version it brought back. */
  revision?: AuditRevisionRef;
  /** An amount in cents (signed: an adjustment may take away) and its currency (ISO code). */
  amountCents?: number;
  currency?: string;
  /** A project's raised total after an adjustment, in cents. */
  totalCents?: number;
  /** A spending record: its category, day (YYYY-MM-DD), descriptions and project. */
  category?: string;
  date?: string;
  description?: string;
  descriptionDe?: string;
  project?: string;
  /** The project's German title then (a German admin reads that one). */
  projectDe?: string;
  /** A sign-in: with an admin key, an e-mailed link or a passkey. */
  method?: 'key' | 'email' | 'passkey';
  /** A person invited or removed: their role (editor, treasurer, admin). */
  role?: string;
  /** How many: rows exported, recipients of a newsletter. */
  count?: number;
  /** The year of a run of donation certificates. */
  year?: number;
  /** The social media platforms posts were drafted for (their own names). */
  platforms?: string[];
  /** A bank statement's import: credits left unmatched, and those imported before. */
  unmatched?: number;
  duplicates?: number;
  /** The address a test newsletter went to (a bank credit: the donor it was assigned to). */
  to?: string;
  /** Why an address was suppressed (hard_bounce, soft_bounce, complaint, cleaned), when it is lifted. */
  reason?: string;
}

// The publishing state of a content item, for the server and the admin bundle alike (no imports).

/** The fields every content item carries for publishing. */
export interface Publishing {
  draft: boolean;
  /** ISO instant, or null: public as soon as it is not a draft. */
  publishAt: string | null;
}

export type PublishState = 'draft' | 'scheduled' | 'published';

export function publishState(item: Publishing, now: Date = new Date()): PublishState {
  if (item.draft) return 'draft';
  if (item.publishAt && Date.parse(item.publishAt) > now.getTime()) return 'scheduled';
  return 'published';
}

export const isPublic = (item: Publishing, now: Date = new Date()) => publishState(item, now) === 'published';

/** The offset of Europe/Zurich from UTC at an instant, in minutes (60 in winter, 120 in summer). */
export function zurichOffsetMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The value of a `datetime-local` field for an instant, in Swiss time ('' for none). */
export function toZurichLocal(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const local = new Date(at.getTime() + zurichOffsetMinutes(at) * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * The one publishing choice of every content form: keep it a draft, publish it now, or schedule it
 * (one date and time, Swiss time). The form sends it as `publishMode` beside `draft` and
 * `publishAt`; without JavaScript those two cannot follow the choice, so the server reads them from
 * it (publishFieldsOf).
 */
export const PUBLISH_MODES = ['draft', 'now', 'schedule'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];

export const isPublishMode = (v: unknown): v is PublishMode => typeof v === 'string' && (PUBLISH_MODES as readonly string[]).includes(v);

/** The choice a form's values stand for: the one made, else the saved state (a past time is "now"). */
export function publishModeOf(values: Record<string, unknown>, now: Date = new Date()): PublishMode {
  if (isPublishMode(values.publishMode)) return values.publishMode;
  if (values.draft === 'true' || values.draft === true) return 'draft';
  const at = typeof values.publishAt === 'string' ? values.publishAt : '';
  return at && at > toZurichLocal(now.toISOString()) ? 'schedule' : 'now';
}

/**
 * A form's values as the save takes them: `draft` and `publishAt` follow `publishMode` (a draft
 * keeps its time for later; "now" clears it), and `publishMode` itself is not saved. Values
 * without a choice are returned as they are (the API's own `draft` and `publishAt`).
 */
export function publishFieldsOf<T extends Record<string, unknown>>(values: T): T {
  const mode = Array.isArray(values.publishMode) ? values.publishMode.at(-1) : values.publishMode;
  if (!isPublishMode(mode)) return values;
  const out: Record<string, unknown> = { ...values };
  delete out.publishMode;
  out.draft = mode === 'draft' ? 'true' : 'false';
  if (mode === 'now') out.publishAt = '';
  return out as T;
}

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


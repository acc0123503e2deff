/** SQLite returns timestamps as text, PostgreSQL as Date: both become ISO strings here. */
export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'string') {
    const s = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? value.replace(' ', 'T') + 'Z' : value;
    const d = new Date(s);
    return Number.isNaN(d.getTime()) ? value : d.toISOString();
  }
  return '';
}

export function toDateOnly(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return toIso(value).slice(0, 10);
}

/**
 * Today's calendar day in Switzerland (YYYY-MM-DD), where the charity keeps its books: between
 * midnight and 01:00 or 02:00 Swiss time the UTC day is still yesterday.
 */
export function swissToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// Building an Intl.DateTimeFormat costs far more than using one: made once.
let swissClock: Intl.DateTimeFormat | null = null;

/**
 * An instant as the day and time on a Swiss clock (Europe/Zurich, summer time included): each part
 * as digits, the year with four, the others with two; null when the value is not a date.
 */
export function swissDateTimeParts(iso: string): { year: string; month: string; day: string; hour: string; minute: string } | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  swissClock ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const parts = swissClock.formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: get('year').padStart(4, '0'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

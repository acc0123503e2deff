// Numbers, days and weeks as the dashboard shows them (the same text on the server and in the browser).
import { formatAmount } from '../../../models/shared/donation-rules';
import { formatDate, formatDayMonth, formatNumber, percentFunded, type Lang } from '../../../models/shared/rules';
import type { DashboardWeek } from '../../../models/site/stats';

export const usd = (cents: number, lang: Lang) => formatAmount(cents, 'usd', lang);
export const num = (n: number, lang: Lang) => formatNumber(n, lang);
/** A day in the admin's words: "November 3, 2026" / "3. November 2026". */
export const longDay = (ymd: string, lang: Lang) => formatDate(`${ymd}T12:00:00Z`, lang) || ymd;
export const weekLabel = (w: DashboardWeek, lang: Lang) => (w.from === w.to ? formatDayMonth(w.from, lang, true) : `${formatDayMonth(w.from, lang, true)} – ${formatDayMonth(w.to, lang, true)}`);
export const percent = (raised: number, goal: number, lang: Lang) => `${formatNumber(Math.round(percentFunded(raised, goal)), lang)}%`;
export const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

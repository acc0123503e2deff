// What a bank statement's line that is not a gift can be, as the treasurer books it: one list for
// the server's validation, the admin's form and the activity log's sentences.
export const LINE_CATEGORIES = ['interest', 'grant', 'membership', 'own_transfer', 'donor_refund', 'bank_fee', 'other'] as const;
export type LineCategory = (typeof LINE_CATEGORIES)[number];
export const isLineCategory = (v: unknown): v is LineCategory => typeof v === 'string' && (LINE_CATEGORIES as readonly string[]).includes(v);

// Bank transfer details that the pages show as text: pure rules, shared by the server (the QR-bill
// in models/giving/qr-bill.ts) and the browser (the bank block), so both agree on when a bill exists.

/** What every transfer through the site's QR-bill carries: the creditor reference reads "gift". */
export const QR_BILL_REFERENCE_BASE = 'GIFT';

/** The message on the bill, the same in both languages (one bill serves every donor). */
export const QR_BILL_MESSAGE = 'Donation / Spende';

/** Letters count as 10..35 in both IBAN and ISO 11649 check digits. */
function digitsOf(s: string): string {
  return s.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
}

/** Remainder modulo 97 of a long decimal string, in chunks (it does not fit a number). */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

export const compactIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

/**
 * Why an account cannot carry the site's QR-bill, or null when it can: a QR-bill is for Swiss and
 * Liechtenstein accounts with valid check digits; a QR-IBAN (institution id 30000-31999) demands
 * a 27-digit QR reference, not the SCOR reference this site prints.
 */
export function qrBillAccountProblem(iban: string): 'invalid' | 'not_swiss' | 'qr_iban' | null {
  const s = compactIban(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s) || mod97(digitsOf(s.slice(4) + s.slice(0, 4))) !== 1) return 'invalid';
  if (!/^(CH|LI)\d{7}[A-Z0-9]{12}$/.test(s)) return 'not_swiss';
  const iid = Number(s.slice(4, 9));
  if (iid >= 30000 && iid <= 31999) return 'qr_iban';
  return null;
}

/** ISO 11649 creditor reference: "RF", two check digits, then the reference itself (A-Z, 0-9, up to 21). */
export function scorReference(base: string): string {
  const body = base.toUpperCase();
  if (!/^[A-Z0-9]{1,21}$/.test(body)) throw new Error(`A creditor reference is 1-21 letters and digits, not "${base}"`);
  const check = 98 - mod97(digitsOf(`${body}RF00`));
  return `RF${String(check).padStart(2, '0')}${body}`;
}

/** True for a well-formed ISO 11649 creditor reference ("RF18539007547034", spaces allowed) whose check digits match. */
export function isScorReference(reference: string): boolean {
  const s = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(s)) return false;
  return mod97(digitsOf(`${s.slice(4)}${s.slice(0, 4)}`)) === 1;
}

/** The site's reference as people read it: groups of four ("RF10 GIFT"). */
export function formatReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, '$1 ');
}

/** An IBAN as people read it: groups of four. */
export function formatIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

export const QR_BILL_REFERENCE = scorReference(QR_BILL_REFERENCE_BASE);

/** The only currencies a Swiss QR-bill can carry. */
export const QR_BILL_CURRENCIES = ['chf', 'eur'] as const;
export type QrBillCurrency = (typeof QR_BILL_CURRENCIES)[number];
export const isQrBillCurrency = (value: unknown): value is QrBillCurrency => value === 'chf' || value === 'eur';

/** The longest additional information a bill carries (the standard allows 140 characters). */
export const QR_BILL_TEXT_MAX = 140;

/**
 * A text as the bill may carry it: the Latin characters of the Swiss payment standard only (others
 * become spaces), one line, at most QR_BILL_TEXT_MAX characters.
 */
export function qrBillText(text: string): string {
  const clean = text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[^\u0020-\u007e\u00a0-\u017f\u0218-\u021b\u20ac]/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > QR_BILL_TEXT_MAX ? `${clean.slice(0, QR_BILL_TEXT_MAX - 3).trimEnd()}...` : clean;
}

/**
 * The query of the bill's addresses (/qr-bill.svg, /qr-bill.pdf) for one gift: the fundraiser or the
 * project, and the amount when the donor chose one in CHF or EUR (another currency: no amount, the
 * bill is in francs). Empty for the general bill without an amount.
 */
export function qrBillQuery(gift: { projectSlug?: string | null; fundraiserSlug?: string | null; amountCents?: number | null; currency?: string | null }): string {
  const params = new URLSearchParams();
  if (gift.fundraiserSlug) params.set('fundraiser', gift.fundraiserSlug);
  else if (gift.projectSlug) params.set('project', gift.projectSlug);
  if (gift.amountCents && isQrBillCurrency(gift.currency)) {
    params.set('amount', (gift.amountCents / 100).toFixed(2));
    params.set('currency', gift.currency);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

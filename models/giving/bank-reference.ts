// The creditor references (ISO 11649, "RF" + two check digits + up to 21 letters and digits) that
// the site's QR-bills carry and the bank's file brings back: what a transfer is for. The first
// letter after the check digits says what kind of thing the rest names:
//   P<projectId>   a project        (RF.. P12)
//   D<code>        one donor        (RF.. D7K2M9QX; the code is in donor_references, by e-mail)
//   GIFT           the site's general bill (General Support, no donor)
//   F<id>          a supporter's fundraiser (RF.. F3), for its project
// A reference of another shape, or with wrong check digits, names nothing this site issued.
import { isScorReference, QR_BILL_REFERENCE_BASE, scorReference } from '../shared/qr-bill-rules';

export type ReferenceTarget =
  | { kind: 'project'; projectId: number }
  | { kind: 'donor'; code: string }
  | { kind: 'fundraiser'; fundraiserId: number }
  | { kind: 'general' }
  | { kind: 'unknown'; reason: 'no_reference' | 'not_rf' | 'check_digits' | 'unknown_kind' };

/** The largest project id a reference carries (more digits are no id of this site). */
const MAX_ID_DIGITS = 12;
/** Letters and digits of a donor's code (no 0/O, 1/I/L: read aloud or typed from paper). */
export const DONOR_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const DONOR_CODE_LENGTH = 8;

export const projectReference = (projectId: number): string => scorReference(`P${projectId}`);
export const donorReference = (code: string): string => scorReference(`D${code}`);
export const fundraiserReference = (fundraiserId: number): string => scorReference(`F${fundraiserId}`);

/** A reference as the bank writes it ("RF18 5390 0754 7034"), compacted and upper-case. */
export const normalizeReference = (raw: string): string => raw.replace(/\s+/g, '').toUpperCase();

/** What a creditor reference names. */
export function parseReference(raw: string | null | undefined): ReferenceTarget {
  const ref = raw ? normalizeReference(raw) : '';
  if (!ref) return { kind: 'unknown', reason: 'no_reference' };
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(ref)) return { kind: 'unknown', reason: 'not_rf' };
  if (!isScorReference(ref)) return { kind: 'unknown', reason: 'check_digits' };
  const body = ref.slice(4);
  if (body === QR_BILL_REFERENCE_BASE) return { kind: 'general' };
  const project = new RegExp(`^P([1-9]\\d{0,${MAX_ID_DIGITS - 1}})$`).exec(body);
  if (project) return { kind: 'project', projectId: Number(project[1]) };
  const fundraiser = new RegExp(`^F([1-9]\\d{0,${MAX_ID_DIGITS - 1}})$`).exec(body);
  if (fundraiser) return { kind: 'fundraiser', fundraiserId: Number(fundraiser[1]) };
  const donor = new RegExp(`^D([${DONOR_CODE_ALPHABET}]{${DONOR_CODE_LENGTH}})$`).exec(body);
  if (donor) return { kind: 'donor', code: donor[1]! };
  return { kind: 'unknown', reason: 'unknown_kind' };
}

/** A project with the creditor reference of its QR-bill (`bankReference`), for its public JSON. */
export const withBankReference = <T extends { id: number }>(project: T): T & { bankReference: string } => ({ ...project, bankReference: projectReference(project.id) });

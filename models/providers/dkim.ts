// The DKIM key the site signs its own mails with (DKIM_PRIVATE_KEY): read once at start, in
// whatever form an environment variable carries it (a PEM with real line breaks or with literal
// "\n"), and the public half as the DNS record publishes it (`p=`: the key's SubjectPublicKeyInfo,
// DER, base64). nodemailer signs with RSA only (rsa-sha256), so only an RSA key is taken.
import crypto from 'node:crypto';

/** What nodemailer's `dkim` option takes. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  /** PEM, with real line breaks. */
  privateKey: string;
}

/** The smallest RSA key accepted (RFC 8301: 1024 at least; 2048 is what to generate). */
export const DKIM_MIN_BITS = 1024;

/** A PEM as given in an environment variable: literal \n (and \r\n) become line breaks, surrounding quotes go. */
export function normalizePem(raw: string): string {
  let v = raw.trim();
  if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) v = v.slice(1, -1).trim();
  return `${v.replace(/\\r\\n|\\n/g, '\n').replace(/\r\n/g, '\n').trim()}\n`;
}

/** The private key, checked: an RSA key of at least DKIM_MIN_BITS bits, or an Error saying what is wrong. */
export function readDkimKey(raw: string): { pem: string; bits: number } {
  const pem = normalizePem(raw);
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(pem);
  } catch {
    throw new Error('is not a private key in PEM form (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----; write line breaks as \\n in one line)');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`must be an RSA key (openssl genrsa 2048), not ${key.asymmetricKeyType ?? 'this kind of key'}`);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < DKIM_MIN_BITS) throw new Error(`is an RSA key of ${bits} bits: at least ${DKIM_MIN_BITS} are needed (2048 recommended)`);
  return { pem, bits };
}

/** The public key as a DKIM record's p= value (base64 of the SubjectPublicKeyInfo DER). */
export function dkimPublicKey(privatePem: string): string {
  return crypto.createPublicKey(privatePem).export({ type: 'spki', format: 'der' }).toString('base64');
}

/** The TXT value to publish at <selector>._domainkey.<domain>. */
export function dkimRecordValue(privatePem: string): string {
  return `v=DKIM1; k=rsa; p=${dkimPublicKey(privatePem)}`;
}

/**
 * Whether a record's p= value is the public key of this private key. DNS may carry the key as
 * SubjectPublicKeyInfo (the usual form) or as a bare PKCS#1 RSAPublicKey; both are compared by the key itself.
 */
export function samePublicKey(p: string, privatePem: string): boolean {
  const der = Buffer.from(p.replace(/\s+/g, ''), 'base64');
  if (der.length === 0) return false;
  const mine = crypto.createPublicKey(privatePem).export({ type: 'spki', format: 'der' });
  for (const type of ['spki', 'pkcs1'] as const) {
    try {
      const theirs = crypto.createPublicKey({ key: der, format: 'der', type }).export({ type: 'spki', format: 'der' });
      return theirs.equals(mine);
    } catch {
      // not this form: the next one
    }
  }
  return false;
}

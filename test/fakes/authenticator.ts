// A software passkey authenticator for the API tests: what a browser and a platform authenticator
// send to the server when a passkey is created (attestation "none") and when it signs in (an
// ECDSA P-256 signature over the authenticator data and the client data's hash), made with Node's
// crypto and the CBOR encoder @simplewebauthn/server itself uses. The browser tests use Chromium's
// own virtual authenticator instead.
import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (b: Uint8Array | Buffer | string) => Buffer.from(b).toString('base64url');

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: crypto.KeyObject;
  userHandle: string;
  signCount: number;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

const rpIdHash = (rpId: string) => crypto.createHash('sha256').update(rpId).digest();

/** The browser's answer to registration options: a new passkey, and that answer. */
export function createPasskey(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  origin: string,
): { passkey: SoftPasskey; response: Record<string, unknown> } {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
    ]),
  );
  const credentialId = crypto.randomBytes(32);
  const counter = Buffer.alloc(4);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
  const authData = Buffer.concat([rpIdHash(rpId), Buffer.from([0x45]), counter, Buffer.alloc(16), idLength, credentialId, Buffer.from(cose)]);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
  const passkey: SoftPasskey = { credentialId, privateKey, userHandle: options.user.id, signCount: 0 };
  return {
    passkey,
    response: {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    },
  };
}

/** The browser's answer to authentication options, signed by `passkey` (its counter goes up). */
export function signIn(passkey: SoftPasskey, options: { challenge: string; rpId?: string }, origin: string, tamper?: 'signature' | 'origin'): Record<string, unknown> {
  const rpId = options.rpId ?? new URL(origin).hostname;
  passkey.signCount += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.signCount);
  const authenticatorData = Buffer.concat([rpIdHash(rpId), Buffer.from([0x05]), counter]);
  const data = clientData('webauthn.get', options.challenge, tamper === 'origin' ? 'https://evil.example' : origin);
  const signed = Buffer.concat([authenticatorData, crypto.createHash('sha256').update(data).digest()]);
  let signature = crypto.sign('sha256', signed, passkey.privateKey);
  if (tamper === 'signature') signature = crypto.sign('sha256', Buffer.from('something else'), passkey.privateKey);
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
  };
}

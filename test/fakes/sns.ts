// A local stand-in for Amazon SNS's side of an HTTP subscription: it serves a signing certificate
// (GET /SimpleNotificationService-test.pem) and the subscription confirmations
// (GET /confirm?Action=ConfirmSubscription&Token=...), and signs messages as SNS does (the string
// to sign of docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html, RSA with SHA1
// for SignatureVersion 1, SHA256 for 2) with the key of its self-signed certificate
// (test/fakes/sns/, made with `openssl req -x509 -newkey rsa:2048 -nodes -days 36500
// -subj /CN=sns.test-fake.local`, for tests only). The app trusts it through SNS_TEST_URL_PREFIX.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const SNS_CERT_PEM = fs.readFileSync(path.join(HERE, 'sns', 'signing-cert.pem'), 'utf8');
export const SNS_KEY_PEM = fs.readFileSync(path.join(HERE, 'sns', 'signing-key.pem'), 'utf8');

export interface FakeSns {
  /** http://127.0.0.1:<port>/: what SNS_TEST_URL_PREFIX is set to. */
  prefix: string;
  certUrl: string;
  /** Paths (with query) of every request, in order. */
  requests: string[];
  /** Tokens whose subscription was confirmed. */
  confirmed: string[];
  /** A message as SNS posts it, signed (by `key`, the certificate's own by default). */
  sign(fields: Record<string, string>, options?: { version?: '1' | '2'; key?: crypto.KeyObject | string; certUrl?: string }): Record<string, string>;
  close(): Promise<void>;
}

const TO_SIGN: Record<string, string[]> = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  SubscriptionConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
  UnsubscribeConfirmation: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

export async function startFakeSns(): Promise<FakeSns> {
  const requests: string[] = [];
  const confirmed: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/SimpleNotificationService-test.pem') {
      res.writeHead(200, { 'Content-Type': 'application/x-x509-ca-cert' }).end(SNS_CERT_PEM);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/confirm' && url.searchParams.get('Action') === 'ConfirmSubscription') {
      confirmed.push(url.searchParams.get('Token') ?? '');
      res.writeHead(200, { 'Content-Type': 'text/xml' }).end('<ConfirmSubscriptionResponse><ConfirmSubscriptionResult><SubscriptionArn>arn:aws:sns:us-east-1:123456789012:ses-feedback:1</SubscriptionArn></ConfirmSubscriptionResult></ConfirmSubscriptionResponse>');
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const prefix = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const certUrl = `${prefix}SimpleNotificationService-test.pem`;
  return {
    prefix,
    certUrl,
    requests,
    confirmed,
    sign(fields, options = {}) {
      const version = options.version ?? '2';
      const message: Record<string, string> = { ...fields, SignatureVersion: version, SigningCertURL: options.certUrl ?? certUrl };
      const text = (TO_SIGN[message.Type!] ?? [])
        .filter((k) => message[k] !== undefined)
        .map((k) => `${k}\n${message[k]}\n`)
        .join('');
      message.Signature = crypto.sign(version === '1' ? 'sha1' : 'sha256', Buffer.from(text, 'utf8'), options.key ?? SNS_KEY_PEM).toString('base64');
      return message;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// A local SMTP server for the tests (smtp-server, the nodemailer project's own), so mail goes
// through the real nodemailer client over TCP. It can refuse recipients for good (550) or for now
// (451), be down (connection refused), never answer, or answer garbage.
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface ReceivedMail {
  to: string[];
  /** The envelope sender (MAIL FROM, where bounces go), lower case. */
  envelopeFrom: string;
  subject: string;
  text: string;
  html: string;
  /** Raw header values by lower-case name. */
  headers: Record<string, string>;
  /** The message as it arrived (headers and body, CRLF): what a DKIM verifier reads. */
  raw: Buffer;
}

export type SmtpMode = 'ok' | 'down' | 'silent' | 'garbage';

export interface FakeSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Recipients refused with 550 (permanent). */
  refuse: Set<string>;
  /** Recipients refused with 451 (try again later). */
  defer: Set<string>;
  /** Switches behaviour on the same port. */
  setMode(mode: SmtpMode): Promise<void>;
  /** Mails received for an address. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const refuse = new Set<string>();
  const defer = new Set<string>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      const a = address.address.toLowerCase();
      if (refuse.has(a)) return cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      if (defer.has(a)) return cb(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      cb();
    },
    onData(stream, session, cb) {
      const parts: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => parts.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on('end', () => resolve(Buffer.concat(parts)));
        stream.on('error', reject);
      })
        .then(async (raw) => ({ raw, mail: await simpleParser(raw) }))
        .then(({ raw, mail }) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
            raw,
          });
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  const sockets = new Set<net.Socket>();
  // One TCP front door on a fixed port; behind it the SMTP server, or misbehaviour.
  let mode: SmtpMode = 'ok';
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (mode === 'silent') return; // accepts, never says a word
    if (mode === 'garbage') {
      socket.end('HTTP/1.1 200 OK\r\n\r\n<html>not smtp</html>\r\n');
      return;
    }
    (smtp as unknown as { server: net.Server }).server.emit('connection', socket);
  });
  const port: number = await new Promise((resolve) => front.listen(0, '127.0.0.1', () => resolve((front.address() as net.AddressInfo).port)));
  const listen = () => new Promise<void>((resolve) => front.listen(port, '127.0.0.1', () => resolve()));
  const stop = () => new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy();
    front.close(() => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuse,
    defer,
    async setMode(next) {
      if (next === mode) return;
      if (mode === 'down') await listen();
      if (next === 'down') await stop();
      mode = next;
    },
    to(address) {
      return received.filter((m) => m.to.includes(address.toLowerCase()));
    },
    async close() {
      if (mode !== 'down') await stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

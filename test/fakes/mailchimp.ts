// A local HTTP fake of the Mailchimp Marketing API endpoints the newsletter uses, so the REAL
// `@mailchimp/mailchimp_marketing` SDK (pointed here through MAILCHIMP_API_BASE) can be tested offline.
//
//   GET  /3.0/lists/:list/members                the audience's members: status, since_last_changed,
//                                                before_last_changed, count (default 10, at most 1000)
//                                                and offset, as Mailchimp filters and pages them
//   GET  /3.0/lists/:list/members/:hash          404 (problem+json) when unknown
//   PUT  /3.0/lists/:list/members/:hash          add or update (status_if_new / status / language)
//   POST /3.0/lists/:list/members/:hash/actions/delete-permanent   forget for good (404 when unknown)
//   POST /3.0/campaigns                          -> { id, web_id, ... }
//   PUT  /3.0/campaigns/:id/content              -> { html, plain_text }
//   POST /3.0/campaigns/:id/actions/send         -> 204
//   GET  /3.0/campaigns/:id                      -> { id, status, emails_sent }
//
// Every request is recorded. Switches: `forgotten` (addresses Mailchimp permanently deleted:
// PUT answers 'Forgotten Email Not Subscribed'), `outage` ('500' answers every request with a
// server error, 'timeout' never answers), `doubleOptIn` (false: new members are subscribed at
// once), and `members` can be seeded with any status.
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface FakeMember {
  email_address: string;
  status: string;
  language: string;
  /** When Mailchimp last changed the member (ISO 8601 with +00:00, as Mailchimp writes it); addMember sets it. */
  last_changed?: string;
}

/** Mailchimp's format of a moment: 2015-10-21T15:41:36+00:00. */
export const mailchimpTime = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;

export interface RecordedRequest {
  method: string;
  path: string;
  body: any;
  /** The query string's parameters. */
  query: Record<string, string>;
  /** The API key from the Basic auth header. */
  apiKey: string | null;
}

export interface FakeCampaign {
  id: string;
  web_id: number;
  body: any;
  content: { html: string; plain_text: string } | null;
  status: 'save' | 'sent';
  /** Mailchimp's emails_sent: the audience's subscribed members when it was sent. */
  emails_sent: number;
}

export interface FakeMailchimp {
  /** Origin to put in MAILCHIMP_API_BASE (the SDK appends /3.0). */
  url: string;
  requests: RecordedRequest[];
  members: Map<string, FakeMember>;
  campaigns: Map<string, FakeCampaign>;
  forgotten: Set<string>;
  outage: 'none' | '500' | 'timeout';
  /** false: the audience subscribes new members at once (Mailchimp's single opt-in setting). */
  doubleOptIn: boolean;
  /** Seeds a member with a status (subscribed, unsubscribed, archived, pending, cleaned), changed now or at `lastChanged`. */
  addMember(email: string, status: string, language?: string, lastChanged?: Date): void;
  memberOf(email: string): FakeMember | undefined;
  close(): Promise<void>;
}

export const md5 = (email: string) => crypto.createHash('md5').update(email.trim().toLowerCase()).digest('hex');

function problem(res: http.ServerResponse, status: number, title: string, detail: string): void {
  res.writeHead(status, { 'Content-Type': 'application/problem+json' });
  res.end(JSON.stringify({ type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: crypto.randomUUID() }));
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function startFakeMailchimp(options: { apiKey?: string } = {}): Promise<FakeMailchimp> {
  const apiKey = options.apiKey ?? 'x-us1';
  const hanging = new Set<http.ServerResponse>();
  let webId = 1000;

  const fake: FakeMailchimp = {
    url: '',
    requests: [],
    members: new Map(),
    campaigns: new Map(),
    forgotten: new Set(),
    outage: 'none',
    doubleOptIn: true,
    addMember(email, status, language = 'en', lastChanged = new Date()) {
      fake.members.set(md5(email), { email_address: email, status, language, last_changed: mailchimpTime(lastChanged) });
    },
    memberOf(email) {
      return fake.members.get(md5(email));
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body: any = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const auth = req.headers.authorization ?? '';
      const decoded = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : '';
      const key = decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : null;
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, query: Object.fromEntries(url.searchParams), apiKey: key });

      if (fake.outage === 'timeout') {
        hanging.add(res);
        return; // never answers
      }
      if (fake.outage === '500') return problem(res, 500, 'Internal Server Error', 'An unexpected internal error has occurred.');
      if (key !== apiKey) return problem(res, 401, 'API Key Invalid', 'Your API key may be invalid, or you have attempted to access the wrong datacenter.');

      const parts = url.pathname.split('/').filter(Boolean); // ['3.0', ...]
      if (parts[0] !== '3.0') return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
      const [, a, b, c, d, e] = parts;

      // /lists/:list/members: a page of the audience, filtered by status and by when each member last
      // changed (since_last_changed: changed after that moment; before_last_changed: before it).
      if (a === 'lists' && c === 'members' && !d && req.method === 'GET') {
        const q = url.searchParams;
        const status = q.get('status');
        if (status && !['subscribed', 'unsubscribed', 'cleaned', 'pending', 'transactional', 'archived'].includes(status)) {
          return problem(res, 400, 'Invalid Resource', 'The resource submitted could not be validated.');
        }
        const moment = (name: string) => {
          const v = q.get(name);
          if (v === null || v === '') return null;
          const t = Date.parse(v);
          return Number.isNaN(t) ? NaN : t;
        };
        const since = moment('since_last_changed');
        const before = moment('before_last_changed');
        if (Number.isNaN(since) || Number.isNaN(before)) return problem(res, 400, 'Invalid Resource', 'The date format is invalid.');
        const count = q.has('count') ? Number(q.get('count')) : 10;
        const offset = q.has('offset') ? Number(q.get('offset')) : 0;
        if (!Number.isInteger(count) || count < 0 || count > 1000 || !Number.isInteger(offset) || offset < 0) {
          return problem(res, 400, 'Invalid Resource', 'count must be 0 to 1000 and offset 0 or more.');
        }
        const matching = [...fake.members.entries()].filter(([, m]) => {
          const changed = Date.parse(m.last_changed ?? '1970-01-01T00:00:00+00:00');
          return (!status || m.status === status) && (since === null || changed > since) && (before === null || changed < before);
        });
        return json(res, 200, {
          members: matching.slice(offset, offset + count).map(([id, m]) => ({ id, list_id: b, ...m })),
          list_id: b,
          total_items: matching.length,
        });
      }

      // /lists/:list/members/:hash
      if (a === 'lists' && c === 'members' && d && !e) {
        const member = fake.members.get(d);
        if (req.method === 'GET') {
          if (!member) return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
          return json(res, 200, { id: d, list_id: b, ...member });
        }
        if (req.method === 'PUT') {
          const email = String(body?.email_address ?? '');
          if (md5(email) !== d) return problem(res, 400, 'Invalid Resource', 'The subscriber hash does not match the email address.');
          if (fake.forgotten.has(email.toLowerCase())) {
            return problem(
              res,
              400,
              'Forgotten Email Not Subscribed',
              `${email} was permanently deleted and cannot be re-imported. The contact must re-subscribe to get back on the list.`,
            );
          }
          if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return problem(res, 400, 'Invalid Resource', `${email} looks fake or invalid, please enter a real email address.`);
          const next: FakeMember = member
            ? { ...member, status: body.status ?? member.status, language: body.language ?? member.language, last_changed: mailchimpTime(new Date()) }
            : {
                email_address: email,
                status: body.status ?? (fake.doubleOptIn ? body.status_if_new : 'subscribed') ?? 'subscribed',
                language: body.language ?? '',
                last_changed: mailchimpTime(new Date()),
              };
          fake.members.set(d, next);
          return json(res, 200, { id: d, list_id: b, ...next });
        }
      }

      // /lists/:list/members/:hash/actions/delete-permanent: Mailchimp's "forget" (204; it cannot come back)
      if (a === 'lists' && c === 'members' && d && e === 'actions' && parts[6] === 'delete-permanent' && req.method === 'POST') {
        const member = fake.members.get(d);
        if (!member) return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
        fake.members.delete(d);
        fake.forgotten.add(member.email_address.toLowerCase());
        res.writeHead(204).end();
        return;
      }

      if (a === 'campaigns' && !b && req.method === 'POST') {
        if (!body?.recipients?.list_id) return problem(res, 400, 'Invalid Resource', 'recipients.list_id is required');
        const id = crypto.randomBytes(5).toString('hex');
        const campaign: FakeCampaign = { id, web_id: ++webId, body, content: null, status: 'save', emails_sent: 0 };
        fake.campaigns.set(id, campaign);
        return json(res, 200, { id, web_id: campaign.web_id, type: body.type, status: 'save', recipients: body.recipients, settings: body.settings });
      }
      if (a === 'campaigns' && b && !c && req.method === 'GET') {
        const campaign = fake.campaigns.get(b);
        if (!campaign) return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
        return json(res, 200, { id: campaign.id, web_id: campaign.web_id, status: campaign.status, emails_sent: campaign.emails_sent });
      }
      if (a === 'campaigns' && b && c === 'content' && req.method === 'PUT') {
        const campaign = fake.campaigns.get(b);
        if (!campaign) return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
        campaign.content = { html: body?.html ?? '', plain_text: body?.plain_text ?? '' };
        return json(res, 200, campaign.content);
      }
      if (a === 'campaigns' && b && c === 'actions' && d === 'send' && req.method === 'POST') {
        const campaign = fake.campaigns.get(b);
        if (!campaign) return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
        if (!campaign.content) return problem(res, 400, 'Bad Request', 'Your Campaign is not ready to send.');
        if (campaign.status === 'sent') return problem(res, 400, 'Bad Request', 'This campaign has already been sent.');
        campaign.status = 'sent';
        campaign.emails_sent = [...fake.members.values()].filter((m) => m.status === 'subscribed').length;
        res.writeHead(204);
        return res.end();
      }
      problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

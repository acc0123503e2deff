// A local HTTP fake of OpenAI's chat completions endpoint, so the REAL `openai` SDK (pointed here
// through OPENAI_BASE_URL) can be tested offline.
//
//   POST <base>/chat/completions   answers with a chat.completion whose message content is JSON
//                                  matching the request's response_format.json_schema
//
// It knows the two schemas the app asks for: newsletter_suggestion and social_posts (one post per
// property the schema requires). Every request is recorded. `mode` switches the failure modes:
//   'ok'        a good answer
//   'timeout'   never answers
//   'malformed' content that is not JSON
//   'wrong'     JSON that does not match the schema
//   'error'     HTTP 500
//   'long'      posts far longer than X allows, without the link (the app must fix them)
//   'drop_url'  translations lose their first link address (the app must refuse them)
//   'skip_glossary'       translations ignore the glossary lines (the app asks once more, then reports)
//   'skip_glossary_once'  translations ignore the glossary unless the prompt names the missing terms
// `delayMs` and `msPerKChar` (per 1,000 characters of the user message) slow every answer down,
// as a real model's answer takes longer the longer the text; `maxInFlight` is the most requests
// it had open at once.
// Translations (schema `translation`): see the block "Translation drafts" below.
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';

export type OpenAIMode = 'ok' | 'timeout' | 'malformed' | 'wrong' | 'error' | 'long' | 'drop_url' | 'skip_glossary' | 'skip_glossary_once';

export interface FakeOpenAI {
  /** Put this in OPENAI_BASE_URL. */
  url: string;
  mode: OpenAIMode;
  requests: { path: string; body: any; authorization: string | undefined }[];
  delayMs: number;
  msPerKChar: number;
  inFlight: number;
  maxInFlight: number;
  close(): Promise<void>;
}

// --- Translation drafts ----------------------------------------------------------------------
// A deterministic "translation": the words of a tiny table are swapped (keeping their capital),
// the glossary lines of the system prompt ("- "A" is "B"", "- "A" stays "A"") are honoured,
// link addresses and Markdown are left as they are. "street" and "large" come back with "ß", so
// a test sees the Swiss spelling applied afterwards; mode 'drop_url' loses the first address.
const EN_DE: Record<string, string> = {
  the: 'die', and: 'und', water: 'Wasser', school: 'Schule', village: 'Dorf', villages: 'Dörfer', new: 'neu',
  garden: 'Garten', gardens: 'Gärten', children: 'Kinder', read: 'lesen', more: 'mehr', report: 'Bericht',
  our: 'unser', street: 'Strasse', large: 'gross', photo: 'Foto', news: 'Neuigkeiten', training: 'Ausbildung', centre: 'Zentrum',
  is: 'ist', a: 'ein', in: 'in', of: 'von', for: 'für', with: 'mit', we: 'wir', help: 'helfen',
};
const EN_DE_FAKE: Record<string, string> = { ...EN_DE, street: 'Straße', large: 'groß' };
const DE_EN: Record<string, string> = Object.fromEntries(Object.entries(EN_DE).map(([en, de]) => [de.toLowerCase(), en]));
const URL_IN_TEXT = /\]\([^)]*\)|<https?:[^>]*>|(?:https?:\/\/|mailto:)[^\s<>()"'\]]+/g;

export function fakeTranslation(system: string, text: string, mode: OpenAIMode): string {
  const toGerman = /into German/.test(system);
  const table = toGerman ? EN_DE_FAKE : DE_EN;
  const kept: string[] = [];
  const keep = (s: string) => `\u0000${kept.push(s) - 1}\u0000`;
  let out = text.replace(URL_IN_TEXT, keep);
  const glossaryOn = mode === 'skip_glossary' ? false : mode === 'skip_glossary_once' ? /did not write these required terms/.test(system) : true;
  for (const m of glossaryOn ? system.matchAll(/^- "([^"]+)" (?:is|stays) "([^"]+)"$/gm) : []) {
    out = out.split(m[1]!).join(keep(m[2]!));
  }
  out = out.replace(/\p{L}+/gu, (w) => {
    const found = table[w.toLowerCase()];
    if (!found) return w;
    return w[0] === w[0]!.toUpperCase() && w[0] !== w[0]!.toLowerCase() ? found[0]!.toUpperCase() + found.slice(1) : found;
  });
  out = out.replace(/\u0000(\d+)\u0000/g, (_, n: string) => kept[Number(n)]!);
  if (mode === 'drop_url') out = out.replace(/\]\([^)]*\)|https?:\/\/\S+/, (m) => (m.startsWith(']') ? '](#)' : ''));
  return out;
}
// --- (end of translation drafts) --------------------------------------------------------------

function contentFor(body: any, mode: OpenAIMode): string {
  const format = body?.response_format;
  const name: string = format?.json_schema?.name ?? '';
  const system: string = body?.messages?.[0]?.content ?? '';
  const german = system.includes('German');
  if (mode === 'malformed') return 'Sure! Here is your newsletter subject: "Hello" (not JSON)';
  if (mode === 'wrong') return JSON.stringify({ subject: 42, posts: [] });
  // ---- Vision (alt text proposals): answers only when the request carries an image as a data URL.
  if (name === 'alt_text') {
    const parts = body?.messages?.[1]?.content;
    const image = Array.isArray(parts) ? parts.find((p: any) => p?.type === 'image_url')?.image_url?.url : undefined;
    if (typeof image !== 'string' || !/^data:image\/(jpeg|webp);base64,/.test(image)) return JSON.stringify({ error: 'no image' });
    return JSON.stringify({ altEn: 'AI: Children carrying water cans along a dusty path', altDe: 'KI: Kinder tragen Wasserkanister auf einem staubigen Weg, grosse Hitze' });
  }
  // ---- (end of vision)
  if (name === 'translation') return JSON.stringify({ text: fakeTranslation(system, String(body?.messages?.[1]?.content ?? ''), mode) });
  if (name === 'newsletter_suggestion') {
    return JSON.stringify({
      suggestedSubject: german ? 'KI: Licht und Ernte in Mwenezi' : 'AI: Light and harvest in Mwenezi',
      suggestedPreview: german ? 'KI-Vorschau: was diesen Monat in den Dörfern gewachsen ist' : 'AI preview: what grew in the villages this month',
      explanation: german ? 'KI-Erklärung: konkret und warm.' : 'AI explanation: concrete and warm.',
    });
  }
  if (name === 'social_posts') {
    const platforms: string[] = format?.json_schema?.schema?.required ?? [];
    const link = /The link to use is (\S+)/.exec(system)?.[1] ?? '';
    const posts: Record<string, { text: string }> = {};
    for (const p of platforms) {
      posts[p] =
        mode === 'long'
          ? { text: `${p.toUpperCase()} AI post. ${'Lots of words about the villages. '.repeat(20)}` }
          : { text: `${german ? 'KI-Beitrag' : 'AI post'} for ${p}: good news from Mwenezi. ${p === 'instagram' ? '#Zimbabwe #Hope' : link}` };
    }
    return JSON.stringify(posts);
  }
  return JSON.stringify({});
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const hanging = new Set<http.ServerResponse>();
  const fake: FakeOpenAI = {
    url: '',
    mode: 'ok',
    requests: [],
    delayMs: 0,
    msPerKChar: 0,
    inFlight: 0,
    maxInFlight: 0,
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
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      let body: any = null;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      fake.requests.push({ path, body, authorization: req.headers.authorization });
      if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'Unknown path', type: 'invalid_request_error' } }));
      }
      if (req.headers.authorization !== 'Bearer sk-test') {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }));
      }
      if (fake.mode === 'timeout') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'error') {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
      }
      const user = body?.messages?.[1]?.content;
      const wait = fake.delayMs + Math.round((fake.msPerKChar * (typeof user === 'string' ? user.length : 0)) / 1000);
      fake.inFlight++;
      fake.maxInFlight = Math.max(fake.maxInFlight, fake.inFlight);
      // Open until answered or until the client gave up (an aborted request is not in flight).
      let open = true;
      const done = () => {
        if (open) fake.inFlight--;
        open = false;
      };
      if (wait > 0) hanging.add(res);
      res.on('close', () => (hanging.delete(res), done()));
      const answer = () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${crypto.randomBytes(6).toString('hex')}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body?.model ?? 'gpt-4o-mini',
            choices: [{ index: 0, message: { role: 'assistant', content: contentFor(body, fake.mode), refusal: null }, logprobs: null, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          }),
        );
      };
      setTimeout(() => {
        done();
        if (res.destroyed || res.writableEnded) return;
        answer();
      }, wait);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

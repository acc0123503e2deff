// Drafting help for volunteers: OpenAI when it is configured (structured output, checked
// again with zod), otherwise deterministic templates that the interface labels as such.
import type OpenAIType from 'openai';
import { z } from 'zod';
import type { Logger } from 'pino';
import type { Lang } from '../shared/rules';
import { fetchWithDeadline, isTimeoutError, withDeadline } from './deadline';
import { AppError } from '../shared/errors';
import {
  cutWords,
  enforcePlatformRules,
  PLATFORM_LABELS,
  templatePost,
  X_MAX_LENGTH,
  type Platform,
  type SocialItem,
  type SocialPosts,
} from '../shared/social';

export interface SuggestItem {
  kind: 'news' | 'project';
  title: string;
  summary: string;
}

export interface SuggestInput {
  language: Lang;
  orgName: string;
  items: SuggestItem[];
}

export interface NewsletterSuggestion {
  suggestedSubject: string;
  suggestedPreview: string;
  explanation: string;
}

export interface SocialInput {
  language: Lang;
  orgName: string;
  item: SocialItem;
  platforms: Platform[];
}

export interface AssistantProvider {
  kind: 'openai' | 'templates';
  suggestNewsletter(input: SuggestInput): Promise<NewsletterSuggestion>;
  socialPosts(input: SocialInput): Promise<SocialPosts>;
  /** A machine draft of a translation (OpenAI only: templates cannot translate). */
  translate(input: TranslateInput): Promise<TranslateResult>;
}

// --- Translation drafts: input, checks ------------------------------------------------------

/** A name or term that stays as it is (en = de) or translates one way. */
export interface GlossaryEntry {
  en: string;
  de: string;
}

export interface TranslateInput {
  text: string;
  from: Lang;
  to: Lang;
  glossary: GlossaryEntry[];
  /** Aborted when nobody waits for the draft any more (the admin closed the form): the parts still asked are cancelled. */
  signal?: AbortSignal;
}

/** The draft, and the glossary terms (in the target language) it still does not use after a second try. */
export interface TranslateResult {
  text: string;
  glossaryMissing: string[];
}

export { TRANSLATE_MAX_CHARS } from '../shared/translate-limits';
import { TRANSLATE_MAX_CHARS } from '../shared/translate-limits';
/**
 * A long text goes out in parts of about this many characters, each its own request with its own
 * deadline: one request for 20,000 characters does not fit the 12 s an attempt may take.
 */
export const TRANSLATE_CHUNK_CHARS = 3_000;
/** Parts asked at the same time (more would only queue at OpenAI's rate limit). */
export const TRANSLATE_PARALLEL = 2;
/** A glossary retry ends this long before its round's deadline, so the first draft can still be answered. */
const RETRY_MARGIN_MS = 200;

export const notConfigured = () =>
  new AppError(503, 'assistant.not_configured', 'Machine translation is not configured: set OPENAI_API_KEY to draft translations.');

/**
 * Every address the text links to or shows: Markdown links and images, autolinks and bare URLs.
 * A draft must keep each of them exactly, or it is refused.
 */
export function urlsOf(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.add(m[1]!);
  for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) found.add(m[1]!);
  for (const m of text.matchAll(/(?:https?:\/\/|mailto:)[^\s<>()"'\]]+/g)) found.add(m[0].replace(/[.,;:!?]+$/, ''));
  return [...found];
}

/** How terms are compared wherever case must not matter (the same on every database). */
export const foldTerm = (s: string) => s.normalize('NFC').toLocaleLowerCase('de-CH');

/** The glossary entries whose source-language term occurs in the text: the rest is not sent. */
export function glossaryFor(text: string, from: Lang, glossary: GlossaryEntry[]): GlossaryEntry[] {
  const folded = foldTerm(text);
  return glossary.filter((g) => (from === 'de' ? g.de : g.en).trim() && folded.includes(foldTerm(from === 'de' ? g.de : g.en)));
}

/** The required target-language forms of `terms` that the draft does not contain exactly. */
export function missingTerms(draft: string, terms: GlossaryEntry[], to: Lang): string[] {
  const text = draft.normalize('NFC');
  const wanted = terms.map((g) => (to === 'de' ? swissSpelling(g.de) : g.en).trim().normalize('NFC')).filter(Boolean);
  return [...new Set(wanted.filter((w) => !text.includes(w)))];
}

/**
 * A Markdown text cut into parts of at most `max` characters for separate requests: cut only at
 * blank lines outside code fences (a block longer than `max` is cut between its lines, never inside
 * a fence). `lead + chunks[0] + separators[0] + chunks[1] + ... + tail` is the text again, so the
 * drafts joined with the same separators keep every blank line where it was.
 */
export function markdownChunks(text: string, max = TRANSLATE_CHUNK_CHARS): { lead: string; chunks: string[]; separators: string[]; tail: string } {
  type Line = { start: number; end: number; blank: boolean; breakable: boolean };
  const lines: Line[] = [];
  let pos = 0;
  let fence: { ch: string; len: number } | null = null;
  for (const raw of text.split('\n')) {
    const start = pos;
    pos += raw.length + 1;
    const opened = fence === null;
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(raw)?.[1];
    if (fence === null && marker) fence = { ch: marker[0]!, len: marker.length };
    else if (fence && marker && marker[0] === fence.ch && marker.length >= fence.len && /^ {0,3}[`~]+\s*$/.test(raw)) fence = null;
    const inFence = !opened || fence !== null;
    lines.push({ start, end: start + raw.length, blank: !inFence && /^\s*$/.test(raw), breakable: opened });
  }
  // Blocks: runs of lines that are not blank; an oversized block is cut where a fence is not open.
  const units: { start: number; end: number }[] = [];
  let block: Line[] = [];
  const flush = () => {
    if (!block.length) return;
    let unit = { start: block[0]!.start, end: block[0]!.end };
    for (const line of block.slice(1)) {
      if (line.end - unit.start > max && line.breakable) {
        units.push(unit);
        unit = { start: line.start, end: line.end };
      } else unit.end = line.end;
    }
    units.push(unit);
    block = [];
  };
  for (const line of lines) {
    if (line.blank) flush();
    else block.push(line);
  }
  flush();
  if (!units.length) return { lead: '', chunks: [text], separators: [], tail: '' };
  const groups: { start: number; end: number }[] = [];
  for (const unit of units) {
    const last = groups.at(-1);
    if (last && unit.end - last.start <= max) last.end = unit.end;
    else groups.push({ ...unit });
  }
  return {
    lead: text.slice(0, groups[0]!.start),
    chunks: groups.map((g) => text.slice(g.start, g.end)),
    separators: groups.slice(1).map((g, i) => text.slice(groups[i]!.end, g.start)),
    tail: text.slice(groups.at(-1)!.end),
  };
}

/** `work` on every item, at most `limit` at a time, answers in the items' order; the first failure ends it. */
export async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        out[i] = await work(items[i]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Swiss standard German writes "ss" for "ß" (and "SS" for the capital). */
export const swissSpelling = (text: string) => text.replace(/\u1E9E/g, 'SS').replace(/\u00DF/g, 'ss');

/** The draft as the forms get it: Swiss spelling in German, and every address of the source kept. */
export function checkedDraft(source: string, draft: string, to: Lang): string {
  const text = to === 'de' ? swissSpelling(draft) : draft;
  const lost = urlsOf(source).filter((u) => !text.includes(u));
  if (lost.length) throw new AppError(502, 'assistant.bad_answer', `The AI draft changed or dropped a link (${lost[0]}); nothing was filled in. Please try again.`);
  return text;
}


/**
 * An admin waits at most ASSISTANT_TOTAL_TIMEOUT_MS (25 s) for an AI answer or a clear message:
 * two attempts (one retry) of at most 12 s each, headers and body, and a hard total deadline over
 * both that also cuts a retry pause the server asked for (the SDK honours Retry-After up to 60 s).
 */
export const ASSISTANT_ATTEMPT_TIMEOUT_MS = 12_000;
export const ASSISTANT_MAX_RETRIES = 1;
export const ASSISTANT_TOTAL_TIMEOUT_MS = 25_000;

export interface AssistantOptions {
  apiKey?: string;
  baseUrl?: string;
  model: string;
  orgName?: string;
  log: Logger;
  /** Deadline of one attempt (tests shorten it). */
  timeoutMs?: number;
  /** Deadline of the whole call, retries included (default: 25 s, or two attempts plus 1 s when timeoutMs is given). */
  totalTimeoutMs?: number;
}

/** OpenAI when OPENAI_API_KEY is set (the SDK is loaded only then), else the labelled templates. */
export async function createAssistant(options: AssistantOptions): Promise<AssistantProvider> {
  if (options.apiKey) {
    const { default: OpenAI } = await import('openai');
    return openaiAssistant(OpenAI, { ...options, apiKey: options.apiKey });
  }
  return templateAssistant();
}

// --- Templates ------------------------------------------------------------------------------

export const SUBJECT_MAX = 150;
export const PREVIEW_MAX = 200;

export function templateSuggestion(input: SuggestInput): NewsletterSuggestion {
  const de = input.language === 'de';
  const [first, ...rest] = input.items;
  if (!first) throw new AppError(400, 'validation', 'Please select at least one news article or project');
  const more = rest.length;
  const subject = more === 0
    ? de ? `Neues aus Mwenezi: ${first.title}` : `News from Mwenezi: ${first.title}`
    : de
      ? `${first.title} und ${more} ${more === 1 ? 'weitere Neuigkeit' : 'weitere Neuigkeiten'}`
      : `${first.title} and ${more} more ${more === 1 ? 'update' : 'updates'}`;
  const titles = input.items.map((i) => i.title).join(de ? ', ' : ', ');
  const preview = `${de ? 'In dieser Ausgabe' : 'In this issue'}: ${titles}`;
  return {
    suggestedSubject: cutWords(subject, SUBJECT_MAX),
    suggestedPreview: cutWords(preview, PREVIEW_MAX),
    explanation: de
      ? 'Vorschlag aus einer Vorlage (kein KI-Dienst eingerichtet): Der Betreff nennt den ersten ausgewählten Beitrag, der Vorschautext zählt auf, was die Ausgabe enthält.'
      : 'Template suggestion (no AI service configured): the subject leads with the first selected item and the preview text lists what is inside.',
  };
}

function templateAssistant(): AssistantProvider {
  return {
    kind: 'templates',
    async suggestNewsletter(input) {
      return templateSuggestion(input);
    },
    async socialPosts({ item, platforms, language, orgName }) {
      const posts: SocialPosts = {};
      for (const p of platforms) posts[p] = templatePost(p, item, language, orgName);
      return posts;
    },
    async translate() {
      throw notConfigured();
    },
  };
}

// --- OpenAI ---------------------------------------------------------------------------------

const SuggestionSchema = z.object({
  suggestedSubject: z.string().trim().min(1).transform((s) => cutWords(s, SUBJECT_MAX)),
  suggestedPreview: z.string().trim().min(1).transform((s) => cutWords(s, PREVIEW_MAX)),
  explanation: z.string().trim().min(1).max(2000),
});

const SUGGESTION_JSON_SCHEMA = {
  type: 'object',
  properties: {
    suggestedSubject: { type: 'string', description: `Subject line, at most ${SUBJECT_MAX} characters` },
    suggestedPreview: { type: 'string', description: `Preview text shown after the subject, at most ${PREVIEW_MAX} characters` },
    explanation: { type: 'string', description: 'One or two sentences on why this subject and preview fit' },
  },
  required: ['suggestedSubject', 'suggestedPreview', 'explanation'],
  additionalProperties: false,
} as const;

const TranslationSchema = z.object({ text: z.string().trim().min(1).max(TRANSLATE_MAX_CHARS * 2) });

const TRANSLATION_JSON_SCHEMA = {
  type: 'object',
  properties: { text: { type: 'string', description: 'The translated text (Markdown, every URL unchanged)' } },
  required: ['text'],
  additionalProperties: false,
} as const;

const languageName = (lang: Lang) => (lang === 'de' ? 'German (Swiss standard German: write "ss", never "ß")' : 'English');

const PLATFORM_RULES: Record<Platform, string> = {
  facebook: 'warm and personal, 2-4 short paragraphs, end with a call to action and the link',
  instagram: 'a caption that tells a small story, mentions "link in bio" instead of a link, and ends with 5-10 relevant hashtags',
  linkedin: 'professional tone for partners and donors: impact, sustainability, local ownership; end with the link and at most 3 hashtags',
  twitter: `at most ${X_MAX_LENGTH} characters in total where the link counts as 23 characters, include the link, at most 2 hashtags`,
};

/** An OpenAI client with the admin's deadlines: `attemptMs` per attempt (headers and body), one retry. */
export function openaiClient(OpenAI: typeof OpenAIType, options: { apiKey: string; baseUrl?: string; timeoutMs?: number; totalTimeoutMs?: number }) {
  const attemptMs = options.timeoutMs ?? ASSISTANT_ATTEMPT_TIMEOUT_MS;
  const totalMs = options.totalTimeoutMs ?? (options.timeoutMs === undefined ? ASSISTANT_TOTAL_TIMEOUT_MS : (ASSISTANT_MAX_RETRIES + 1) * attemptMs + 1_000);
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    // The SDK's timeout stops at the response headers; this fetch's deadline covers the body too.
    fetch: fetchWithDeadline(attemptMs),
    timeout: attemptMs,
    // One retry at most: the admin is waiting for the answer.
    maxRetries: ASSISTANT_MAX_RETRIES,
  });
  return { client, attemptMs, totalMs };
}

/** What one structured request needs: the SDK (for its error classes), the client and the deadline. */
export interface StructuredContext {
  OpenAI: typeof OpenAIType;
  client: OpenAIType;
  model: string;
  /** The whole request's deadline, retries included. */
  totalMs: number;
  log: Logger;
  /** Put before every log message (the alt text job says "alt-suggest: "). */
  logPrefix?: string;
}

/** A user message: text, or parts (text and an image as a data URL). */
export type UserContent = string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'low' | 'high' | 'auto' } })[];

/**
 * One chat completion with structured output (strict JSON schema), checked again with zod. Every
 * failure is an AppError with an assistant code: assistant.timeout (504), assistant.unavailable
 * (502/503), assistant.declined and assistant.bad_answer (502); the cause is logged.
 */
export async function structured<T>(
  ctx: StructuredContext,
  request: { name: string; schema: object; validator: z.ZodType<T>; system: string; user: UserContent; temperature?: number; signal?: AbortSignal },
): Promise<T> {
  const { OpenAI, client, log } = ctx;
  const { name } = request;
  const p = ctx.logPrefix ?? '';
  const timedOut = () => new AppError(504, 'assistant.timeout', 'The AI service did not answer in time.');
  const badAnswer = () => new AppError(502, 'assistant.bad_answer', 'The AI answer could not be used (it was not in the expected format).');
  let content: string | null | undefined;
  try {
    const completion = await withDeadline(
      ctx.totalMs,
      (signal) =>
        client.chat.completions.create(
          {
            model: ctx.model,
            messages: [
              { role: 'system', content: request.system },
              { role: 'user', content: request.user },
            ],
            response_format: { type: 'json_schema', json_schema: { name, strict: true, schema: request.schema as Record<string, unknown> } },
            temperature: request.temperature ?? 0.7,
          },
          { signal: request.signal ? AbortSignal.any([signal, request.signal]) : signal },
        ),
      timedOut,
    );
    const message = (completion as { choices?: { message?: { refusal?: string | null; content?: string | null } }[] } | null)?.choices?.[0]?.message;
    if (message?.refusal) {
      log.warn({ name }, `${p}the model declined the request`);
      throw new AppError(502, 'assistant.declined', 'The AI service declined to write this. Please try again or write it yourself.');
    }
    content = message?.content;
  } catch (err) {
    if (err instanceof AppError) {
      if (err.code === 'assistant.timeout') log.warn({ name }, `${p}OpenAI timed out (total deadline)`);
      throw err;
    }
    if (err instanceof OpenAI.APIConnectionTimeoutError || err instanceof OpenAI.APIUserAbortError || isTimeoutError(err)) {
      // The caller's own cancel (the admin closed the form) is no timeout of OpenAI's: the caller logs it.
      if (request.signal?.aborted) throw timedOut();
      log.warn({ name }, `${p}OpenAI timed out`);
      throw timedOut();
    }
    if (err instanceof OpenAI.APIError && (err.status === 401 || err.status === 403)) {
      log.error({ name, status: err.status }, `${p}OpenAI rejected the API key`);
      throw new AppError(503, 'assistant.unavailable', 'The AI service is not set up correctly (the API key was rejected).');
    }
    if (err instanceof OpenAI.APIError && err.status === 429) {
      log.warn({ name, status: err.status }, `${p}OpenAI is busy`);
      throw new AppError(503, 'assistant.unavailable', 'The AI service is busy right now.');
    }
    if (err instanceof SyntaxError) {
      log.warn({ name, err: err.message }, `${p}the answer is not JSON`);
      throw badAnswer();
    }
    if (err instanceof OpenAI.APIError) log.error({ name, status: err.status }, `${p}OpenAI refused the request`);
    else log.error({ name, err: (err as Error).message }, `${p}OpenAI request failed`);
    throw new AppError(502, 'assistant.unavailable', 'The AI service is not reachable right now.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(content ?? '');
  } catch {
    log.warn({ name, content: String(content).slice(0, 200) }, `${p}the answer is not JSON`);
    throw badAnswer();
  }
  const checked = request.validator.safeParse(parsed);
  if (!checked.success) {
    log.warn({ name, issues: checked.error.issues.slice(0, 3) }, `${p}the answer does not match the schema`);
    throw badAnswer();
  }
  return checked.data;
}

function openaiAssistant(OpenAI: typeof OpenAIType, options: AssistantOptions & { apiKey: string }): AssistantProvider {
  const { client, totalMs } = openaiClient(OpenAI, options);
  const ctx: StructuredContext = { OpenAI, client, model: options.model, totalMs, log: options.log };
  const ask = <T>(name: string, schema: object, validator: z.ZodType<T>, system: string, user: string, temperature = 0.7) =>
    structured(ctx, { name, schema, validator, system, user, temperature });

  return {
    kind: 'openai',

    async suggestNewsletter(input) {
      if (input.items.length === 0) throw new AppError(400, 'validation', 'Please select at least one news article or project');
      const system = [
        `You help the volunteers of ${input.orgName}, a small Swiss charity supporting 17 villages in Mwenezi Ward 3, Zimbabwe, write their e-mail newsletter.`,
        `Write in ${languageName(input.language)}. Be warm, concrete and honest; no clickbait, no ALL CAPS, no emoji.`,
        `Suggest a subject line (at most ${SUBJECT_MAX} characters) and a preview text (at most ${PREVIEW_MAX} characters) for a newsletter containing the items given, and explain your choice in the same language.`,
      ].join('\n');
      const user = input.items.map((i, n) => `${n + 1}. [${i.kind}] ${i.title}\n${cutWords(i.summary, 600)}`).join('\n\n');
      return ask('newsletter_suggestion', SUGGESTION_JSON_SCHEMA, SuggestionSchema, system, user);
    },

    async socialPosts({ item, platforms, language, orgName }) {
      const postSchema = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false };
      const schema = {
        type: 'object',
        properties: Object.fromEntries(platforms.map((p) => [p, postSchema])),
        required: [...platforms],
        additionalProperties: false,
      };
      const validator = z.object(Object.fromEntries(platforms.map((p) => [p, z.object({ text: z.string().trim().min(10).max(5000) })]))) as z.ZodType<
        Record<string, { text: string }>
      >;
      const system = [
        `You write social-media posts for ${orgName}, a small Swiss charity supporting 17 villages in Mwenezi Ward 3, Zimbabwe.`,
        `Write in ${languageName(language)}. Be truthful: use only the facts given. No emoji overload (at most two per post).`,
        'One post per platform:',
        ...platforms.map((p) => `- ${p} (${PLATFORM_LABELS[p]}): ${PLATFORM_RULES[p]}`),
        `The link to use is ${item.url}`,
      ].join('\n');
      const user = `${item.type === 'project' ? 'Project' : 'News article'}: ${item.title}\n\n${cutWords(item.summary, 1500)}`;
      const answer = await ask('social_posts', schema, validator, system, user);
      const posts: SocialPosts = {};
      for (const p of platforms) posts[p] = enforcePlatformRules(p, answer[p]!.text, item, language);
      return posts;
    },

    async translate({ text, from, to, glossary, signal: caller }) {
      const system = (terms: GlossaryEntry[], missing: string[]) =>
        [
          `You translate the website texts of a small Swiss charity supporting 17 villages in Mwenezi Ward 3, Zimbabwe, from ${languageName(from)} into ${languageName(to)}.`,
          'The text is Markdown (it may be one part of a longer text). Keep its structure exactly: headings, lists, emphasis, tables, line breaks and blank lines.',
          'Keep every link target, image address and URL exactly as it is, character for character; translate only the visible link texts and image descriptions.',
          'Translate faithfully: add nothing, leave nothing out, no comments. Answer with the translation only, in the field "text".',
          ...(terms.length
            ? [
                'Glossary: these names and terms must be written exactly like this in the translation:',
                ...terms.map((g) => {
                  const [a, b] = from === 'de' ? [g.de, g.en] : [g.en, g.de];
                  return a === b ? `- "${a}" stays "${a}"` : `- "${a}" is "${b}"`;
                }),
              ]
            : []),
          ...(missing.length ? [`Your last translation did not write these required terms exactly as given: ${missing.map((m) => `"${m}"`).join(', ')}. Write each of them exactly so.`] : []),
        ].join('\n');
      const parts = markdownChunks(text);
      // Each part has its own deadline; the whole call gets one deadline per round of parts.
      const rounds = Math.ceil(parts.chunks.length / TRANSLATE_PARALLEL);
      const started = Date.now();
      return withDeadline(
        rounds * totalMs,
        async (deadline) => {
          // A part that fails ends the call, and so does a caller that went away: the parts still
          // asked are cancelled, not left running.
          const stop = new AbortController();
          const signal = AbortSignal.any([deadline, stop.signal, ...(caller ? [caller] : [])]);
          if (signal.aborted) throw signal.reason;
          const one = async ({ source, index }: { source: string; index: number }) => {
            const terms = glossaryFor(source, from, glossary);
            const draft = async (missing: string[], within: AbortSignal) => {
              const answer = await structured(ctx, { name: 'translation', schema: TRANSLATION_JSON_SCHEMA, validator: TranslationSchema, system: system(terms, missing), user: source, temperature: 0.2, signal: within });
              // The answer comes trimmed: a part's first-line indent (an indented code block) is put back.
              const indent = /^[ \t]*/.exec(source)![0];
              const checked = checkedDraft(source, indent + answer.text, to);
              return { text: checked, missing: missingTerms(checked, terms, to) };
            };
            const first = await draft([], signal);
            if (!first.missing.length) return first;
            // One more try that names what was left out, within what is left of this part's round
            // (a margin before the call's deadline): a usable first draft never becomes a 504.
            const left = started + (Math.floor(index / TRANSLATE_PARALLEL) + 1) * totalMs - RETRY_MARGIN_MS - Date.now();
            if (left <= 0) return first;
            try {
              const second = await draft(first.missing, AbortSignal.any([signal, AbortSignal.timeout(left)]));
              // The better of the two is kept.
              return second.missing.length <= first.missing.length ? second : first;
            } catch (err) {
              // Cancelled with the whole call: that call's error is what counts.
              if (signal.aborted) throw err;
              options.log.warn({ err: (err as Error).message }, 'OpenAI translation: the glossary retry failed, the first draft is kept');
              return first;
            }
          };
          const drafts = await inParallel(
            parts.chunks.map((source, index) => ({ source, index })),
            TRANSLATE_PARALLEL,
            one,
          ).catch((err: unknown) => {
            stop.abort(err);
            throw err;
          });
          const body = drafts.map((d, i) => (i === 0 ? '' : parts.separators[i - 1]) + d.text).join('');
          return { text: parts.lead + body + parts.tail, glossaryMissing: [...new Set(drafts.flatMap((d) => d.missing))] };
        },
        () => {
          options.log.warn({ parts: parts.chunks.length }, 'OpenAI translation timed out (total deadline)');
          return new AppError(504, 'assistant.timeout', 'The AI service did not answer in time.');
        },
      );
    },
  };
}

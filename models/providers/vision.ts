// Alt text proposals for uploaded images from OpenAI's vision model: one small rendition of the
// picture (a data URL, never its address, never anything about donors or subscribers) goes out,
// an English and a German description come back (structured output, checked again with zod).
// Only made when OPENAI_API_KEY is set; the answer is a proposal a person checks.
import type OpenAIType from 'openai';
import { z } from 'zod';
import type { Logger } from 'pino';
import { fetchWithDeadline, isTimeoutError, withDeadline } from './deadline';
import { ASSISTANT_ATTEMPT_TIMEOUT_MS, ASSISTANT_MAX_RETRIES, ASSISTANT_TOTAL_TIMEOUT_MS } from './assistant';

export const ALT_SUGGESTION_MAX = 300;

export interface AltSuggestion {
  en: string;
  de: string;
}

export interface VisionProvider {
  /** A proposal, or null when the service failed or declined (the reason is logged). */
  suggestAlt(image: { dataUrl: string; orgName: string }): Promise<AltSuggestion | null>;
}

export interface VisionOptions {
  apiKey?: string;
  baseUrl?: string;
  model: string;
  log: Logger;
  timeoutMs?: number;
}

// The alt attribute is read aloud: no "image of", no quotes, Swiss spelling in German.
const clean = (s: string) => s.trim().replace(/\s+/g, ' ');
const AltSchema = z.object({
  altEn: z.string().transform(clean).pipe(z.string().min(3).max(ALT_SUGGESTION_MAX)),
  altDe: z.string().transform(clean).transform((s) => s.replace(/ß/g, 'ss')).pipe(z.string().min(3).max(ALT_SUGGESTION_MAX)),
});

const ALT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    altEn: { type: 'string', description: `Alt text in English, at most ${ALT_SUGGESTION_MAX} characters` },
    altDe: { type: 'string', description: `The same alt text in Swiss standard German (write "ss", never "ß"), at most ${ALT_SUGGESTION_MAX} characters` },
  },
  required: ['altEn', 'altDe'],
  additionalProperties: false,
} as const;

/** The vision client when OpenAI is configured (the SDK is loaded only then), else null. */
export async function createVision(options: VisionOptions): Promise<VisionProvider | null> {
  if (!options.apiKey) return null;
  const { default: OpenAI } = await import('openai');
  return openaiVision(OpenAI, { ...options, apiKey: options.apiKey });
}

function openaiVision(OpenAI: typeof OpenAIType, options: VisionOptions & { apiKey: string }): VisionProvider {
  const attemptMs = options.timeoutMs ?? ASSISTANT_ATTEMPT_TIMEOUT_MS;
  const totalMs = options.timeoutMs === undefined ? ASSISTANT_TOTAL_TIMEOUT_MS : (ASSISTANT_MAX_RETRIES + 1) * attemptMs + 1_000;
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    fetch: fetchWithDeadline(attemptMs),
    timeout: attemptMs,
    maxRetries: ASSISTANT_MAX_RETRIES,
  });
  const log = options.log;
  return {
    async suggestAlt({ dataUrl, orgName }) {
      const system = [
        `You write alt texts for the pictures on the website of ${orgName}, a small Swiss charity supporting 17 villages in Mwenezi Ward 3, Zimbabwe.`,
        'Describe what the picture shows for someone who cannot see it: one sentence, concrete, at most 150 characters if you can.',
        'Do not start with "Image of" or "Photo of"; no file names; do not guess names of people.',
        'Give the alt text in English and in Swiss standard German (write "ss", never "ß").',
      ].join('\n');
      let content: string | null | undefined;
      try {
        const completion = await withDeadline(
          totalMs,
          (signal) =>
            client.chat.completions.create(
              {
                model: options.model,
                messages: [
                  { role: 'system', content: system },
                  { role: 'user', content: [{ type: 'text', text: 'Alt text for this picture, please.' }, { type: 'image_url', image_url: { url: dataUrl, detail: 'low' } }] },
                ],
                response_format: { type: 'json_schema', json_schema: { name: 'alt_text', strict: true, schema: ALT_JSON_SCHEMA as unknown as Record<string, unknown> } },
                temperature: 0.2,
              },
              { signal },
            ),
          () => new Error('timeout'),
        );
        const message = completion.choices?.[0]?.message;
        if (message?.refusal) {
          log.warn('alt-suggest: the vision model declined to describe the picture');
          return null;
        }
        content = message?.content;
      } catch (err) {
        if (err instanceof OpenAI.APIConnectionTimeoutError || err instanceof OpenAI.APIUserAbortError || isTimeoutError(err) || (err as Error).message === 'timeout') {
          log.warn('alt-suggest: OpenAI timed out');
        } else if (err instanceof OpenAI.APIError) {
          log.error({ status: err.status }, 'alt-suggest: OpenAI refused the request');
        } else {
          log.error({ err: (err as Error).message }, 'alt-suggest: OpenAI request failed');
        }
        return null;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(content ?? '');
      } catch {
        log.warn({ content: String(content).slice(0, 200) }, 'alt-suggest: the answer is not JSON');
        return null;
      }
      const checked = AltSchema.safeParse(parsed);
      if (!checked.success) {
        log.warn({ issues: checked.error.issues.slice(0, 3) }, 'alt-suggest: the answer does not match the schema');
        return null;
      }
      return { en: checked.data.altEn, de: checked.data.altDe };
    },
  };
}

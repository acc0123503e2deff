// Alt text proposals for uploaded images from OpenAI's vision model: one small rendition of the
// picture (a data URL, never its address, never anything about donors or subscribers) goes out,
// an English and a German description come back (structured output, checked again with zod).
// Only made when OPENAI_API_KEY is set; the answer is a proposal a person checks.
import type OpenAIType from 'openai';
import { z } from 'zod';
import type { Logger } from 'pino';
import { openaiClient, structured, type StructuredContext } from './assistant';
import { AppError } from '../shared/errors';

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
  altDe: z.string().transform(clean).transform((s) => s.replace(/\u00DF/g, 'ss')).pipe(z.string().min(3).max(ALT_SUGGESTION_MAX)),
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
  const { client, totalMs } = openaiClient(OpenAI, options);
  const log = options.log;
  const ctx: StructuredContext = { OpenAI, client, model: options.model, totalMs, log, logPrefix: 'alt-suggest: ' };
  return {
    async suggestAlt({ dataUrl, orgName }) {
      const system = [
        `You write alt texts for the pictures on the website of ${orgName}, a small Swiss charity supporting 17 villages in Mwenezi Ward 3, Zimbabwe.`,
        'Describe what the picture shows for someone who cannot see it: one sentence, concrete, at most 150 characters if you can.',
        'Do not start with "Image of" or "Photo of"; no file names; do not guess names of people.',
        'Give the alt text in English and in Swiss standard German (write "ss", never "ß").',
      ].join('\n');
      try {
        const answer = await structured(ctx, {
          name: 'alt_text',
          schema: ALT_JSON_SCHEMA,
          validator: AltSchema,
          system,
          user: [
            { type: 'text', text: 'Alt text for this picture, please.' },
            { type: 'image_url', image_url: { url: dataUrl, detail: 'low' } },
          ],
          temperature: 0.2,
        });
        return { en: answer.altEn, de: answer.altDe };
      } catch (err) {
        // The shared helper has logged why; a proposal is optional, so the job ends quietly.
        if (err instanceof AppError) return null;
        throw err;
      }
    },
  };
}

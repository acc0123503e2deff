// The server's check of a `source` (models/shared/source.ts makes it in the browser). The checkout
// (giving) and the newsletter form both read it, so it lives below both; a file of its own, so the
// islands that import sourceOf do not bundle zod for it.
import { z } from 'zod';

/**
 * Where a gift or a subscription came from: the path of a page of this site
 * ('/news/solar-light', '/fundraisers/annas-run'), with its query when a campaign named it; "" and
 * absent are none. What a page sends is checked, never trusted to be a page that exists.
 */
export const SourceSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string({ error: 'source must be the path of a page, like /news/solar-light' })
    .trim()
    .max(300, 'source can have at most 300 characters')
    .regex(/^\/[^\s#]*$/, 'source must be the path of a page, like /news/solar-light')
    .optional(),
);

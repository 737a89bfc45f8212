import { z } from 'zod';
import type { PdfTextResult } from './pdf-text';

/**
 * Messages to the offscreen document (`entrypoints/offscreen/`). They travel by
 * `runtime.sendMessage`, which every extension page hears, so each carries
 * `target: 'offscreen'`: the offscreen document answers only those, and every other
 * `runtime.onMessage` listener must leave them alone (return without answering).
 */
export const OFFSCREEN_TARGET = 'offscreen';

/** The extension page the offscreen document loads (built from `entrypoints/offscreen/`). */
export const OFFSCREEN_PATH = '/offscreen.html';

const pdfTextRequestSchema = z
  .object({
    target: z.literal(OFFSCREEN_TARGET),
    type: z.literal('pdf-text'),
    /** Download this URL (no cookies) and read it. */
    url: z.string().optional(),
    /** Or read these bytes. */
    bytesBase64: z.string().optional(),
    maxPages: z.number().int().positive().optional(),
  })
  .refine((request) => (request.url === undefined) !== (request.bytesBase64 === undefined), {
    message: 'Give exactly one of url and bytesBase64.',
  });

type PdfTextRequest = z.infer<typeof pdfTextRequestSchema>;

/** The request types the offscreen document understands, by `type`. */
export const offscreenRequestSchema = pdfTextRequestSchema;
export type OffscreenRequest = PdfTextRequest;

export const pdfTextResultSchema: z.ZodType<PdfTextResult> = z.union([
  z.object({
    ok: z.literal(true),
    text: z.string(),
    pages: z.number().int().nonnegative(),
    pagesRead: z.number().int().nonnegative(),
    title: z.string().optional(),
    lang: z.string().optional(),
  }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);

/** True for any message addressed to the offscreen document, valid or not. */
export function isOffscreenMessage(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { target?: unknown }).target === OFFSCREEN_TARGET
  );
}

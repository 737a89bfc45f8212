import type { Source } from '../../db/records';
import { type LocalText, summaryOf } from '../../i18n/local-text';
import { capUtf8, FETCH_OUTPUT_MAX_BYTES } from '../../web/truncate-output';
import type { ToolOutcome } from '../tool';
import { wrapUntrusted } from './untrusted';

/**
 * What a tool the user added (a declared HTTP tool, an MCP tool) gives the model: the text its
 * endpoint returned, cut to 100 KB with the cut said, inside the untrusted envelope, with the
 * endpoint as the source.
 */
export function callResult(
  text: string,
  nonce: string,
  from: { source: string; url: string; title: string; summary: (bytes: number) => LocalText },
): Extract<ToolOutcome, { kind: 'result' }> {
  const capped = capUtf8(text, FETCH_OUTPUT_MAX_BYTES);
  const note = capped.truncated
    ? `\n[Cut to ${FETCH_OUTPUT_MAX_BYTES.toLocaleString('en')} of ${capped.originalBytes.toLocaleString('en')} bytes.]`
    : '';
  const source: Source = { title: from.title, url: from.url };
  return {
    kind: 'result',
    content: wrapUntrusted(capped.text + note, nonce, { source: from.source, url: from.url }),
    sources: [source],
    bytes: capped.originalBytes,
    ...summaryOf(from.summary(capped.originalBytes)),
  };
}

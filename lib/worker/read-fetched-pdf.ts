import { readPdf } from '../pdf/pdf-reader';

/**
 * A fetched PDF's text through the same reader as PDF tabs (the offscreen document in Chrome,
 * a hidden frame of the background page in Firefox). The fetch already capped the size; a
 * reason the reader gives becomes the error the fetch reports.
 */
export async function readFetchedPdf(bytes: Uint8Array): Promise<string> {
  const result = await readPdf({ bytes });
  if (!result.ok) throw new Error(result.reason);
  return result.text;
}

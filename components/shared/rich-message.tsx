import { Fragment, type ReactNode } from 'react';
import type { MessageKey } from '../../lib/i18n/catalogs';
import { t } from '../../lib/i18n/translate';

const MARK = '\u0001';

/**
 * A message whose substitutions are elements (a `<code>` in a sentence): each language places
 * them where its word order wants, and the text around them stays one translatable sentence.
 */
export function RichMessage({ id, parts }: { id: MessageKey; parts: readonly ReactNode[] }) {
  const text = t(id, ...parts.map((_, index) => `${MARK}${index}${MARK}`));
  const pieces = text.split(MARK);
  return (
    <>
      {pieces.map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one message never reorder.
        <Fragment key={index}>{index % 2 === 1 ? parts[Number(piece)] : piece}</Fragment>
      ))}
    </>
  );
}

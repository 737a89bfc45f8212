import type { Source } from '../../lib/db/records';
import { storedSentence } from '../../lib/i18n/local-text';
import { t } from '../../lib/i18n/translate';
import { safeHref } from '../shared/safe-url';
import './chat.css';

function SourceItem({ source }: { source: Source }) {
  const href = safeHref(source.url);
  const title = source.title.trim() || source.url;
  return (
    // The list number is the source's number, the one its markers [n] in the answer show.
    <li value={source.number}>
      {href ? (
        <a href={href} title={href} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      ) : (
        <span>{title}</span>
      )}
      <span className="source-url">{source.url}</span>
      {source.note && (
        <span className="source-note">{storedSentence(source.note, source.noteI18n)}</span>
      )}
    </li>
  );
}

const byNumber = (first: Source, second: Source) => (first.number ?? 0) - (second.number ?? 0);

/**
 * Built by the extension from what was read or fetched, whatever the model wrote. The sources the
 * answer cites come first, numbered as its markers; the others it read are folded under "Also
 * read". An answer that cites nothing (or was stored before citations) lists all it read.
 */
export function SourcesList({ sources }: { sources: readonly Source[] }) {
  const unique = [...new Map(sources.map((source) => [source.url, source])).values()];
  if (unique.length === 0) return null;
  const cited = unique.filter((source) => source.cited).sort(byNumber);
  const listed = cited.length > 0 ? cited : [...unique].sort(byNumber);
  const alsoRead = cited.length > 0 ? unique.filter((source) => !source.cited).sort(byNumber) : [];
  return (
    <section className="sources" aria-label={t('sources')}>
      <h3>{t('sources')}</h3>
      <ol>
        {listed.map((source) => (
          <SourceItem key={source.url} source={source} />
        ))}
      </ol>
      {alsoRead.length > 0 && (
        <details className="also-read">
          <summary>{t('alsoRead', alsoRead.length)}</summary>
          <ol>
            {alsoRead.map((source) => (
              <SourceItem key={source.url} source={source} />
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

import type { Source } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import { safeHref } from '../shared/safe-url';
import './chat.css';

/** Built by the extension from what was read or fetched, whatever the model wrote. */
export function SourcesList({ sources }: { sources: readonly Source[] }) {
  const unique = [...new Map(sources.map((source) => [source.url, source])).values()];
  if (unique.length === 0) return null;
  return (
    <section className="sources" aria-label={t('sources')}>
      <h3>{t('sources')}</h3>
      <ol>
        {unique.map((source) => {
          const href = safeHref(source.url);
          const title = source.title.trim() || source.url;
          return (
            <li key={source.url}>
              {href ? (
                <a href={href} title={href} target="_blank" rel="noopener noreferrer">
                  {title}
                </a>
              ) : (
                <span>{title}</span>
              )}
              <span className="source-url">{source.url}</span>
              {source.note && <span className="source-note">{source.note}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

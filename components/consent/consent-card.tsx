import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { ConsentRequestRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import { SEARCH_PROVIDER_LABELS } from '../../lib/settings/search-settings';
import { RichMessage } from '../shared/rich-message';
import { warningText } from '../shared/stored-sentences';
import { type UrlParts, urlParts } from '../shared/url-display';
import './consent.css';

export type ConsentDecision = 'once' | 'always' | 'deny';

interface ConsentCardProps {
  request: ConsentRequestRecord;
  /** Resolves to an error sentence, or undefined once the worker took the answer. */
  onAnswer: (decision: ConsentDecision, allowAllForAnswer: boolean) => Promise<string | undefined>;
  /** Who gets the text read: "OpenAI", "Ollama", "127.0.0.1:5000". */
  providerName?: string;
}

/** What allowing does, in plain words: who is contacted and who gets the text. */
export function consentSentence(
  request: Pick<ConsentRequestRecord, 'kind' | 'host' | 'detail'>,
  providerName: string | undefined,
): string {
  const provider = providerName ? t('yourModelProvider', providerName) : t('yourModel');
  if (request.kind === 'search') {
    return t('consentSearchSentence', searchProviderName(request), provider);
  }
  if (request.kind === 'tab') return t('consentTabSentence', provider);
  return t('consentFetchSentence', provider);
}

/** The standing grant a card offers; tabs never get one (they are private). */
export function alwaysLabel(request: Pick<ConsentRequestRecord, 'kind' | 'grantable'>) {
  if (!request.grantable) return undefined;
  if (request.kind === 'fetch') return t('alwaysAllowSite');
  if (request.kind === 'search') return t('alwaysAllowSearches');
  if (request.kind === 'tool') return t('alwaysAllowTool');
  return undefined;
}

/**
 * A search card names its provider: the label the worker sent (`detail`), else the known label
 * of the provider id (`host`), else the id itself.
 */
export function searchProviderName(request: Pick<ConsentRequestRecord, 'host' | 'detail'>) {
  const label = request.detail?.trim();
  if (label) return label;
  return (SEARCH_PROVIDER_LABELS as Record<string, string>)[request.host] ?? request.host;
}

/** The address with its origin highlighted: the part that decides who is contacted. */
function HighlightedUrl({ parts }: { parts: UrlParts }) {
  return (
    <code className="consent-url">
      {parts.userinfo ? (
        <>
          <mark className="consent-origin">{parts.scheme}</mark>
          <s title={t('credentialsInAddress')}>{parts.userinfo}</s>
          <mark className="consent-origin">{parts.host}</mark>
        </>
      ) : (
        <mark className="consent-origin">
          {parts.scheme}
          {parts.host}
        </mark>
      )}
      {parts.rest}
    </code>
  );
}

function UrlTarget({ target }: { target: string }) {
  const parts = urlParts(target);
  if (!parts) return <code className="consent-url">{target}</code>;
  return (
    <>
      <HighlightedUrl parts={parts} />
      {parts.unicodeHost && (
        <span className="consent-idn">
          <RichMessage
            id="siteInUnicode"
            parts={[
              <strong key="host">{parts.host}</strong>,
              <strong key="unicode">{parts.unicodeHost}</strong>,
            ]}
          />
        </span>
      )}
    </>
  );
}

/** A declared or MCP tool: its name, where the call goes, and every argument it sends. */
function ToolCallTarget({ request }: { request: ConsentRequestRecord }) {
  return (
    <div className="consent-target">
      <p>
        <RichMessage
          id="consentCallTool"
          parts={[
            <strong key="action" className="consent-action">
              {t('consentCallToolAction')}
            </strong>,
            <code key="tool">{request.target}</code>,
          ]}
        />
      </p>
      <UrlTarget target={request.host} />
      {request.detail && <pre className="consent-arguments">{request.detail}</pre>}
    </div>
  );
}

function Target({ request }: { request: ConsentRequestRecord }) {
  if (request.kind === 'search') {
    return (
      <div className="consent-target">
        <p>
          <RichMessage
            id="consentSearchWith"
            parts={[
              <strong key="action" className="consent-action">
                {t('consentSearchAction')}
              </strong>,
              <mark key="provider" className="consent-origin">
                {searchProviderName(request)}
              </mark>,
            ]}
          />
        </p>
        <q className="consent-query">{request.target}</q>
      </div>
    );
  }
  if (request.kind === 'tool') return <ToolCallTarget request={request} />;
  if (request.kind === 'tab') {
    return (
      <div className="consent-target">
        <p>
          <strong className="consent-action">{t('consentReadTabAction')}</strong>{' '}
          <q>{request.host}</q>
        </p>
        <UrlTarget target={request.target} />
      </div>
    );
  }
  return (
    <div className="consent-target">
      <p>
        <RichMessage
          id="consentFetchAddress"
          parts={[
            <strong key="action" className="consent-action">
              {t('consentFetchAction')}
            </strong>,
          ]}
        />
      </p>
      {/*
        The address Gleaner fetches, whose site Always allow this site allows. When Gleaner
        upgraded it from http, the address as written and the upgrade are said, not hidden.
      */}
      <UrlTarget target={request.target} />
      {request.asked && (
        <p className="consent-upgrade">
          <RichMessage
            id="consentUpgraded"
            parts={[
              <strong key="upgrade">http → https</strong>,
              <span key="asked" className="consent-asked">
                {request.asked}
              </span>,
            ]}
          />
          {alwaysLabel(request) && (
            <>
              {' '}
              <RichMessage
                id="consentUpgradedGrant"
                parts={[
                  <span key="button">{alwaysLabel(request)}</span>,
                  <strong key="origin">{request.host}</strong>,
                ]}
              />
            </>
          )}
        </p>
      )}
    </div>
  );
}

/**
 * The question the broker is waiting on, inline in the chat. It takes focus when it appears and
 * gives it back when it goes; Escape inside it denies. It disappears when the stored request is
 * no longer pending (answered here, in another panel, or expired), never on its own.
 */
export function ConsentCard({ request, onAnswer, providerName }: ConsentCardProps) {
  const cardRef = useRef<HTMLElement>(null);
  const [allowAll, setAllowAll] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const describedBy = useId();
  const always = alwaysLabel(request);
  const coversFetches = request.kind !== 'tab';

  useEffect(() => {
    const previous = document.activeElement;
    cardRef.current?.focus();
    return () => {
      // The card is gone: hand focus back to where the user was (the composer, usually).
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && previous instanceof HTMLElement && previous.isConnected) previous.focus();
    };
  }, []);

  async function answer(decision: ConsentDecision, everything = allowAll) {
    if (pending) return;
    setPending(true);
    setError(undefined);
    const failure = await onAnswer(decision, coversFetches && everything);
    // On success the buttons stay disabled until the stored status changes and the card goes.
    if (failure) {
      setError(failure);
      setPending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    void answer('deny');
  }

  return (
    <section
      ref={cardRef}
      className="consent-card"
      aria-label={t('permissionRequest')}
      aria-describedby={describedBy}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <p className="consent-title">{t('permissionNeeded')}</p>
      <div id={describedBy}>
        <p className="consent-sentence">{consentSentence(request, providerName)}</p>
        <Target request={request} />
        {request.warning && (
          <p className="consent-warning" role="note">
            <strong>{t('careful')}</strong> {t('consentWarning', warningText(request.warning))}
          </p>
        )}
        <p className="consent-question">
          <RichMessage id="consentFor" parts={[<span key="question">{request.question}</span>]} />
        </p>
        {request.detail && request.kind !== 'search' && request.kind !== 'tool' && (
          // Facts for the curious (the fetch format, a redirect's origin): folded.
          <details className="consent-more">
            <summary>{t('details')}</summary>
            <p className="consent-detail">{request.detail}</p>
          </details>
        )}
      </div>
      {coversFetches && (
        <label className="consent-allow-all">
          <input
            type="checkbox"
            checked={allowAll}
            disabled={pending}
            onChange={(event) => setAllowAll(event.target.checked)}
          />
          {request.kind === 'tool' ? t('allowAllToolCalls') : t('allowAllFetches')}
        </label>
      )}
      <div className="consent-actions">
        <button
          type="button"
          className="button-primary"
          disabled={pending}
          onClick={() => void answer('once')}
        >
          {t('allowOnce')}
        </button>
        {coversFetches && (
          // One decision for the whole answer: every search and page it asks for.
          <button type="button" disabled={pending} onClick={() => void answer('once', true)}>
            {t('allowAllForAnswer')}
          </button>
        )}
        {always && (
          <button
            type="button"
            disabled={pending}
            title={
              request.kind === 'search'
                ? t('alwaysSearchesTitle', searchProviderName(request))
                : undefined
            }
            onClick={() => void answer('always')}
          >
            {always}
          </button>
        )}
        <button
          type="button"
          className="button-danger"
          disabled={pending}
          onClick={() => void answer('deny')}
        >
          {t('deny')}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

import { useId, useState } from 'react';
import type { GrantRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import { SEARCH_PROVIDER_LABELS } from '../../lib/settings/search-settings';
import { toUnicodeOrigin } from '../shared/url-display';
import './settings.css';

const KIND_LABEL: Record<GrantRecord['kind'], () => string> = {
  'always-fetch': () => t('grantAlwaysFetch'),
  'always-search': () => t('grantAlwaysSearch'),
  'private-host-exempt': () => t('grantPrivateHost'),
  'always-tool': () => t('grantAlwaysTool'),
};

/** Grouped by kind, then by host, so a long list reads like an index. */
export function sortGrants(grants: readonly GrantRecord[]): GrantRecord[] {
  const order = Object.keys(KIND_LABEL);
  return [...grants].sort(
    (a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || a.host.localeCompare(b.host),
  );
}

function grantKindLabel(kind: GrantRecord['kind']): string {
  return KIND_LABEL[kind]();
}

interface GrantsListProps {
  /** undefined while the grants load. */
  grants: readonly GrantRecord[] | undefined;
  /** Resolves to an error sentence, or undefined once the worker revoked the grant. */
  onRevoke: (grantId: string) => Promise<string | undefined>;
}

function GrantRow({
  grant,
  onRevoke,
}: {
  grant: GrantRecord;
  onRevoke: GrantsListProps['onRevoke'];
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const describedBy = useId();
  const unicode = toUnicodeOrigin(grant.host);
  const provider =
    grant.kind === 'always-search'
      ? (SEARCH_PROVIDER_LABELS as Record<string, string>)[grant.host]
      : undefined;

  async function revoke() {
    setPending(true);
    setError(undefined);
    const failure = await onRevoke(grant.id);
    // On success the row goes when the stored grant does.
    if (failure) {
      setError(failure);
      setPending(false);
    }
  }

  return (
    <li className="grant-row">
      <span id={describedBy} className="grant-text">
        <span className="grant-kind">{grantKindLabel(grant.kind)}</span>{' '}
        <code className="grant-host">{grant.host}</code>
        {unicode !== grant.host && <span className="muted"> ({unicode})</span>}
        {provider && <span className="muted"> ({provider})</span>}
      </span>
      <button
        type="button"
        aria-describedby={describedBy}
        disabled={pending}
        onClick={() => void revoke()}
      >
        {t('revoke')}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** Standing permissions (docs/decisions/0002): one table, each revocable. */
export function GrantsList({ grants, onRevoke }: GrantsListProps) {
  if (grants === undefined) return <p className="muted">{t('loadingPermissions')}</p>;
  if (grants.length === 0) {
    return <p className="muted">{t('noGrants')}</p>;
  }
  return (
    <ul className="grant-rows">
      {sortGrants(grants).map((grant) => (
        <GrantRow key={grant.id} grant={grant} onRevoke={onRevoke} />
      ))}
    </ul>
  );
}

import { type FormEvent, useId, useState } from 'react';
import { t } from '../../lib/i18n/translate';
import './settings.css';

interface PrivateHostFormProps {
  /** Resolves to an error sentence, or undefined once the worker stored the exemption. */
  onExempt: (host: string) => Promise<string | undefined>;
}

/**
 * Fetches to loopback and private addresses are refused; a host the user runs themselves (a
 * self-hosted SearXNG, a NAS) can be exempted here, and revoked from the list above.
 */
export function PrivateHostForm({ onExempt }: PrivateHostFormProps) {
  const [host, setHost] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const hintId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    const failure = await onExempt(host);
    setPending(false);
    if (failure) setError(failure);
    else setHost('');
  }

  return (
    <form className="private-host-form" onSubmit={(event) => void submit(event)}>
      <label>
        {t('privateHost')}
        <input
          value={host}
          onChange={(event) => setHost(event.target.value)}
          placeholder={t('privateHostPlaceholder')}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
        />
      </label>
      <button type="submit" disabled={pending || host.trim() === ''}>
        {t('allowHost')}
      </button>
      <p id={hintId} className="muted">
        {t('privateHostHint')}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

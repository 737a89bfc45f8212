import { useEffect, useState } from 'react';
import { t } from '../../lib/i18n/translate';
import { describeLocalServer, type LocalServer } from '../../lib/llm/detect-local-servers';
import { OllamaOriginsHelp } from './ollama-origins-help';
import './settings.css';

interface LocalServersProps {
  onDetect: () => Promise<LocalServer[]>;
  /** Asks at once when the section appears (first run: nothing is set up yet). */
  detectOnOpen: boolean;
  /** Fills the form with a server found (provider, Base URL and a model). */
  onUse: (server: LocalServer) => void;
  /** Reports what was found, so Model can list the found server's models. */
  onFound: (servers: LocalServer[]) => void;
}

/** Detect: asks the usual local addresses (Ollama, LM Studio) and offers what answered. */
export function LocalServers({ onDetect, detectOnOpen, onUse, onFound }: LocalServersProps) {
  const [servers, setServers] = useState<LocalServer[] | 'detecting'>();

  async function detect() {
    setServers('detecting');
    const found = await onDetect();
    setServers(found);
    onFound(found);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: asks once, when the form opens.
  useEffect(() => {
    if (detectOnOpen) void detect();
  }, []);

  return (
    <div className="local-servers">
      <div className="field-row local-servers-row">
        <p className="hint">{t('localServersQuestion')}</p>
        <button type="button" onClick={() => void detect()} disabled={servers === 'detecting'}>
          {t('detect')}
        </button>
      </div>
      <div aria-live="polite">
        {servers === 'detecting' && <p className="hint">{t('detectingServers')}</p>}
        {Array.isArray(servers) && servers.length === 0 && (
          <p className="hint">{t('noLocalServers')}</p>
        )}
        {Array.isArray(servers) && servers.length > 0 && (
          <ul className="found-servers">
            {servers.map((server) => (
              <li key={server.provider}>
                <span>{describeLocalServer(server)}.</span>{' '}
                <button type="button" className="button-primary" onClick={() => onUse(server)}>
                  {t('useServer', server.name)}
                </button>
                {server.refused && <OllamaOriginsHelp />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

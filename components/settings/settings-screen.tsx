import type { GrantRecord } from '../../lib/db/records';
import { t } from '../../lib/i18n/translate';
import type { LocalServer } from '../../lib/llm/detect-local-servers';
import type { ConnectionResult as ConnectionOutcome } from '../../lib/llm/test-connection';
import type { CustomTools } from '../../lib/settings/custom-tools';
import type { SaveOutcome } from '../../lib/settings/save-outcome';
import { isConfigured, type Settings } from '../../lib/settings/schema';
import { GrantsList } from './grants-list';
import { PrivateHostForm } from './private-host-form';
import { SettingsForm } from './settings-form';
import { type ToolsActions, ToolsSection } from './tools-section';
import './settings.css';

interface SettingsScreenProps {
  settings: Settings | undefined;
  onSave: (settings: Settings) => Promise<SaveOutcome>;
  onTestConnection: (settings: Settings) => Promise<ConnectionOutcome>;
  /** Standing permissions from the grants table; undefined while they load. */
  grants: readonly GrantRecord[] | undefined;
  /** Resolves to an error sentence, or undefined once the grant is revoked. */
  onRevokeGrant: (grantId: string) => Promise<string | undefined>;
  /** Resolves to an error sentence, or undefined once the host is exempted. */
  onExemptHost: (host: string) => Promise<string | undefined>;
  /** In the side panel the settings replace the chat; this leads back. */
  onBack?: () => void;
  /** Settings → Tools: the declared tools and MCP servers, and what changes them. */
  tools?: { custom: CustomTools | undefined; actions: ToolsActions };
  /** The Detect button: model servers on this computer. */
  onDetect?: () => Promise<LocalServer[]>;
  /** After a successful Save. */
  onSaved?: (settings: Settings) => void;
}

export function SettingsScreen({
  settings,
  onSave,
  onTestConnection,
  grants,
  onRevokeGrant,
  onExemptHost,
  onBack,
  tools,
  onDetect,
  onSaved,
}: SettingsScreenProps) {
  return (
    <section className="settings-screen" aria-labelledby="settings-title">
      <div className="screen-title">
        {onBack && (
          <button type="button" className="link-button" onClick={onBack}>
            <span aria-hidden="true">← </span>
            {t('backToChat')}
          </button>
        )}
        <h2 id="settings-title">{t('settings')}</h2>
      </div>
      {settings ? (
        <SettingsForm
          settings={settings}
          onSave={onSave}
          onTestConnection={onTestConnection}
          exemptHosts={grants
            ?.filter((grant) => grant.kind === 'private-host-exempt')
            .map((grant) => grant.host)}
          onExemptHost={onExemptHost}
          onDetect={onDetect}
          // First run: look for a local server before the user has to ask.
          detectOnOpen={!isConfigured(settings)}
          onSaved={onSaved}
        />
      ) : (
        <p className="muted">{t('loadingSettings')}</p>
      )}
      {settings && tools && <ToolsSection disabledTools={settings.disabledTools} {...tools} />}
      <section className="settings-section" aria-labelledby="permissions-title">
        <h3 id="permissions-title">{t('permissions')}</h3>
        <GrantsList grants={grants} onRevoke={onRevokeGrant} />
        <PrivateHostForm onExempt={onExemptHost} />
      </section>
    </section>
  );
}

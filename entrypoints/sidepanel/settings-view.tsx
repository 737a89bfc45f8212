import { SettingsScreen } from '../../components/settings/settings-screen';
import { exemptPrivateHost, revokeGrant } from '../../hooks/grant-commands';
import {
  detectLocalServersFromForm,
  saveSettingsFromForm,
  testConnectionFromForm,
} from '../../hooks/settings-form-actions';
import { toolsActions } from '../../hooks/tools-actions';
import { useCustomTools } from '../../hooks/use-custom-tools';
import { useGrants } from '../../hooks/use-grants';
import type { Settings } from '../../lib/settings/schema';

interface SettingsViewProps {
  settings: Settings | undefined;
  onBack: () => void;
  onSaved: (saved: Settings) => void;
}

/**
 * The Settings screen with what it reads (grants, added tools) and does (save, test the
 * connection, detect local servers). Loaded only when opened: the chat does not wait for it.
 */
export function SettingsView({ settings, onBack, onSaved }: SettingsViewProps) {
  const customTools = useCustomTools();
  const grants = useGrants();
  return (
    <div className="screen">
      <SettingsScreen
        settings={settings}
        onSave={saveSettingsFromForm}
        onTestConnection={testConnectionFromForm}
        grants={grants}
        onRevokeGrant={revokeGrant}
        onExemptHost={exemptPrivateHost}
        tools={{ custom: customTools, actions: toolsActions }}
        onBack={onBack}
        onDetect={detectLocalServersFromForm}
        onSaved={onSaved}
      />
    </div>
  );
}

import '../../lib/zod-setup';
import '../../components/shared/base.css';
import './options.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SettingsScreen } from '../../components/settings/settings-screen';
import { exemptPrivateHost, revokeGrant } from '../../hooks/grant-commands';
import {
  detectLocalServersFromForm,
  saveSettingsFromForm,
  testConnectionFromForm,
} from '../../hooks/settings-form-actions';
import { useGrants } from '../../hooks/use-grants';
import { useSettings } from '../../hooks/use-settings';

function OptionsApp() {
  const settings = useSettings();
  const grants = useGrants();
  return (
    <main className="options-page">
      <h1 className="app-name">Gleaner</h1>
      <SettingsScreen
        settings={settings}
        onSave={saveSettingsFromForm}
        onTestConnection={testConnectionFromForm}
        grants={grants}
        onRevokeGrant={revokeGrant}
        onExemptHost={exemptPrivateHost}
        onDetect={detectLocalServersFromForm}
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OptionsApp />
  </StrictMode>,
);

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
import { toolsActions } from '../../hooks/tools-actions';
import { useCustomTools } from '../../hooks/use-custom-tools';
import { useGrants } from '../../hooks/use-grants';
import { useSettings } from '../../hooks/use-settings';
import { useUiLanguage } from '../../hooks/use-ui-language';
import { t } from '../../lib/i18n/translate';

function OptionsApp() {
  const settings = useSettings();
  const customTools = useCustomTools();
  const grants = useGrants();
  const language = useUiLanguage(settings);
  document.title = t('optionsTitle');
  return (
    <main className="options-page" key={language}>
      <h1 className="app-name">{t('name')}</h1>
      <SettingsScreen
        settings={settings}
        onSave={saveSettingsFromForm}
        onTestConnection={testConnectionFromForm}
        grants={grants}
        onRevokeGrant={revokeGrant}
        onExemptHost={exemptPrivateHost}
        tools={{ custom: customTools, actions: toolsActions }}
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

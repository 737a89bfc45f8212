import '../../lib/zod-setup';
import '../../components/shared/base.css';
import './options.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SettingsScreen } from '../../components/settings/settings-screen';
import { useSettings } from '../../hooks/use-settings';
import { useSettingsActions } from '../../hooks/use-settings-actions';
import { useUiLanguage } from '../../hooks/use-ui-language';
import { t } from '../../lib/i18n/translate';

function OptionsApp() {
  const settings = useSettings();
  const actions = useSettingsActions();
  const language = useUiLanguage(settings);
  document.title = t('optionsTitle');
  return (
    <main className="options-page" key={language}>
      <h1 className="app-name">{t('name')}</h1>
      <SettingsScreen settings={settings} {...actions} />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OptionsApp />
  </StrictMode>,
);

import { SettingsScreen } from '../../components/settings/settings-screen';
import { useSettingsActions } from '../../hooks/use-settings-actions';
import type { Settings } from '../../lib/settings/schema';

interface SettingsViewProps {
  settings: Settings | undefined;
  onBack: () => void;
  onSaved: (saved: Settings) => void;
}

/**
 * The Settings screen with what it reads and does. Loaded only when opened: the chat does not
 * wait for it.
 */
export function SettingsView({ settings, onBack, onSaved }: SettingsViewProps) {
  const actions = useSettingsActions();
  return (
    <div className="screen">
      <SettingsScreen settings={settings} {...actions} onBack={onBack} onSaved={onSaved} />
    </div>
  );
}

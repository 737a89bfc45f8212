import { t } from '../../lib/i18n/translate';
import type { SettingsDraft } from './settings-draft';
import './settings.css';

/** How the composer sends: Enter (the default) or Ctrl+Enter, for those who write long messages. */
export function ComposerFields({
  draft,
  onChange,
}: {
  draft: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
}) {
  return (
    <label className="check-field">
      <input
        type="checkbox"
        checked={draft.sendWithCtrlEnter}
        onChange={(event) => onChange({ ...draft, sendWithCtrlEnter: event.target.checked })}
      />
      {t('sendWithCtrlEnter')}
    </label>
  );
}

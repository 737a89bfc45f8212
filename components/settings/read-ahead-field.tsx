import { useId } from 'react';
import { t } from '../../lib/i18n/translate';
import type { SettingsDraft } from './settings-draft';
import './settings.css';

/**
 * Read the open tab ahead: while the panel is open, the tab the user looks at is read in the
 * page, so Summarize answers sooner. The hint says that nothing leaves the page before a click.
 */
export function ReadAheadField({
  draft,
  onChange,
}: {
  draft: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
}) {
  const hintId = useId();
  return (
    <>
      <label className="check-field">
        <input
          type="checkbox"
          checked={draft.readAhead}
          aria-describedby={hintId}
          onChange={(event) => onChange({ ...draft, readAhead: event.target.checked })}
        />
        {t('readAheadSetting')}
      </label>
      <p id={hintId} className="hint">
        {t('readAheadHint')}
      </p>
    </>
  );
}

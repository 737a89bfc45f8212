import { LANGUAGE_CHOICES, type LanguageChoice } from '../../lib/i18n/language-choice';
import { LANGUAGE_NAMES } from '../../lib/i18n/language-names';
import { t } from '../../lib/i18n/translate';
import { Field } from './form-field';
import type { SettingsDraft } from './settings-draft';

/** Settings → Language: the browser's language (the default) or one chosen here. */
export function LanguageField({
  draft,
  onChange,
}: {
  draft: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
}) {
  return (
    <Field label={t('settingsLanguage')} hint={t('languageHelp')}>
      {(attributes) => (
        <select
          {...attributes}
          value={draft.language}
          onChange={(event) =>
            onChange({ ...draft, language: event.target.value as LanguageChoice })
          }
        >
          {LANGUAGE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 'browser' ? t('languageBrowser') : LANGUAGE_NAMES[choice]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

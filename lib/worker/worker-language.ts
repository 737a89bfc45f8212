import { applyLanguageChoice, type I18nApi } from '../i18n/language-choice';
import { loadSettings, watchSettings } from '../settings/store';

/**
 * Keeps the worker's texts (its notices, the errors the panel shows, the context menu) in the
 * language of Settings → Language: the browser's at once, the stored choice once it is read, and
 * each later choice when it is saved. `onChange` runs after each change, to retitle what the
 * browser shows (the context menu).
 */
export function followLanguageSetting(i18n: I18nApi, onChange: () => void): Promise<void> {
  applyLanguageChoice('browser', i18n);
  let current = 'browser';
  const apply = (choice: Parameters<typeof applyLanguageChoice>[0]) => {
    applyLanguageChoice(choice, i18n);
    if (choice === current) return;
    current = choice;
    onChange();
  };
  watchSettings((settings) => apply(settings.language));
  return loadSettings().then(
    (settings) => apply(settings.language),
    (error: unknown) => console.error('Gleaner could not read its language setting', error),
  );
}

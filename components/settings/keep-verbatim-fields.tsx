import { t } from '../../lib/i18n/translate';
import { DraftInput } from './draft-input';
import { Field } from './form-field';
import type { SettingsDraft } from './settings-draft';

/**
 * Long conversations: the kinds of text compression must keep verbatim, one pattern a line
 * (checked when saved), and the model's price per million tokens for the cost under answers.
 * A validation error is said in the form's own alert, whose sentence names the field.
 */
export function KeepVerbatimFields({
  draft,
  onChange,
}: {
  draft: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
}) {
  return (
    <details className="settings-limits">
      <summary>{t('longConversations')}</summary>
      <p className="muted">{t('longConversationsHint')}</p>
      <Field label={t('keepVerbatim')} hint={t('keepVerbatimHint')}>
        {(attributes) => (
          <textarea
            {...attributes}
            rows={3}
            spellCheck={false}
            value={draft.keepVerbatim}
            onChange={(event) => onChange({ ...draft, keepVerbatim: event.target.value })}
          />
        )}
      </Field>
      <DraftInput
        draft={draft}
        onChange={onChange}
        name="priceInput"
        kind="price"
        label={t('inputPrice')}
        hint={t('inputPriceHint')}
      />
      <DraftInput
        draft={draft}
        onChange={onChange}
        name="priceOutput"
        kind="price"
        label={t('outputPrice')}
        hint={t('outputPriceHint')}
      />
    </details>
  );
}

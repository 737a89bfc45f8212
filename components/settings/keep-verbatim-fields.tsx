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
      <summary>Long conversations</summary>
      <p className="muted">
        Past 60% of the context window, older answers and pages are compressed by the small model.
        Numbers, amounts, dates, names, URLs and identifiers are always kept verbatim.
      </p>
      <Field
        label="Keep verbatim"
        hint="Your own kinds of facts to keep, one pattern (regular expression) a line, e.g. HT-\d{4}-\d+ for contract numbers."
      >
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
      <Field
        label="Input price"
        hint="Dollars per million tokens; blank uses the known price of the model."
      >
        {(attributes) => (
          <input
            {...attributes}
            inputMode="decimal"
            value={draft.priceInput}
            onChange={(event) => onChange({ ...draft, priceInput: event.target.value })}
          />
        )}
      </Field>
      <Field label="Output price" hint="Dollars per million tokens.">
        {(attributes) => (
          <input
            {...attributes}
            inputMode="decimal"
            value={draft.priceOutput}
            onChange={(event) => onChange({ ...draft, priceOutput: event.target.value })}
          />
        )}
      </Field>
    </details>
  );
}

import type { InputHTMLAttributes } from 'react';
import { Field } from './form-field';
import type { SettingsDraft } from './settings-draft';

/** The draft's fields the user types as text (numbers too: they are checked on Save). */
type TextField = {
  [Key in keyof SettingsDraft]: SettingsDraft[Key] extends string ? Key : never;
}[keyof SettingsDraft];

/** What each kind of value asks of its input: keyboards, autofill, spell checking. */
const KINDS = {
  text: { spellCheck: false },
  url: { type: 'url', inputMode: 'url', spellCheck: false },
  secret: { type: 'password', autoComplete: 'off', spellCheck: false },
  count: { type: 'number', step: 1, inputMode: 'numeric' },
  price: { inputMode: 'decimal' },
} satisfies Record<string, InputHTMLAttributes<HTMLInputElement>>;

interface DraftInputProps {
  draft: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
  /** The draft field the input edits, as typed. */
  name: TextField;
  label: string;
  kind: keyof typeof KINDS;
  error?: string;
  hint?: string;
  placeholder?: string;
  /** A datalist's id: the suggestions offered while typing (the models found). */
  list?: string;
  /** For counts: the smallest allowed. */
  min?: number;
}

/** One labelled input of the Settings form bound to one field of the draft. */
export function DraftInput(props: DraftInputProps) {
  const { draft, onChange, name, label, kind, error, hint, placeholder, list, min } = props;
  return (
    <Field label={label} error={error} hint={hint}>
      {(attributes) => (
        <input
          {...attributes}
          {...KINDS[kind]}
          list={list}
          min={min}
          placeholder={placeholder}
          value={draft[name]}
          onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
        />
      )}
    </Field>
  );
}

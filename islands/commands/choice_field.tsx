/** The command forms' selects of an enumeration's codes (regions, poll types, priorities…). */
import { Field, type FieldErrors } from "../kit/form/form.tsx";
import type { FormValues } from "./command_form.tsx";

/** What a ChoiceField reads and sets of its form (useZodForm over FormValues). */
interface ChoiceForm {
  values: unknown;
  errors: FieldErrors;
  set: (key: string, value: string) => void;
}

/**
 * A form's select of an enumeration's choices (`{value: label}`, e.g. REGIONS), each shown as
 * its label, or "value label" when `numbered` (poll types, codes).
 */
export function ChoiceField(
  { form, name, label, choices, numbered = false }: {
    form: ChoiceForm;
    name: string;
    label: string;
    choices: Record<string | number, string>;
    numbered?: boolean;
  },
) {
  return (
    <Field label={label} name={name} error={form.errors[name]}>
      {(p) => (
        <select
          {...p}
          value={(form.values as FormValues)[name]}
          onChange={(e) => form.set(name, e.target.value)}
        >
          {Object.entries(choices).map(([value, text]) => (
            <option key={value} value={value}>{numbered ? `${value} ${text}` : text}</option>
          ))}
        </select>
      )}
    </Field>
  );
}

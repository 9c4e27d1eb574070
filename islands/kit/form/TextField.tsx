/** A labelled text input (the kit's Field) whose value is a string of the form's. */
import type { HTMLAttributes } from "react";
import { Field } from "./form.tsx";

interface TextFieldProps {
  label: string;
  /** The input's name; its id is `f-<name>`. */
  name: string;
  value: string;
  onChange: (text: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  disabled?: boolean;
}

export function TextField(
  { label, name, value, onChange, error, hint, type, inputMode, disabled }: TextFieldProps,
) {
  return (
    <Field label={label} name={name} error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          type={type}
          inputMode={inputMode}
          autoComplete="off"
          disabled={disabled}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}

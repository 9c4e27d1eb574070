/**
 * Choosing one thing by searching for it: a combobox over a server search (the kit's
 * useCombobox), the chosen thing's text kept in the input. Editing the text clears the choice;
 * a value set from outside (a form loaded, preset or reset) shows in the input. Below the field:
 * the form's error (passed only after a submit attempt), else "Type at least N characters"
 * while fewer are typed (when N > 1). The tgid and dnid pickers are made of it.
 */
import { useEffect, useRef } from "react";
import { ComboboxList, type Option, useCombobox } from "./MultiSelect.tsx";

interface SearchPickerProps<T extends Option> {
  label: string;
  /** The input's name; its id is `f-<name>`, as Field makes them. */
  name: string;
  placeholder: string;
  /** The search (it should use getJson or call, so failures read as the server's message). */
  search: (query: string) => Promise<T[]>;
  /** Characters typed before a search runs. */
  minChars: number;
  /** What the options are, for "No … found". */
  noun: string;
  /** The chosen thing's text, null while nothing is chosen. */
  chosenText: string | null;
  /** The text an option leaves in the input once chosen (what chosenText becomes). */
  textOf: (option: T) => string;
  onChoose: (option: T) => void;
  /** The user edited the chosen text: nothing is chosen any more. */
  onClear: () => void;
  error?: string;
  /** The wrapper's class besides "picker". */
  className?: string;
}

export function SearchPicker<T extends Option>(props: SearchPickerProps<T>) {
  const { label, name, chosenText, error, minChars } = props;
  const id = `f-${name.replace(/\W/g, "-")}`;
  const box = useCombobox<T>({
    source: { search: props.search },
    minChars,
    noun: props.noun,
    textAfterChoose: props.textOf,
    onChoose: props.onChoose,
    onType: () => chosenText !== null && props.onClear(),
  });

  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (chosenText !== null) box.setQuery(chosenText);
    else if (shown.current !== null && box.query === shown.current) box.setQuery("");
    shown.current = chosenText;
  }, [chosenText]);

  const hint = chosenText === null && minChars > 1 && box.tooShort;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={props.className ? `picker ${props.className}` : "picker"}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        placeholder={props.placeholder}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy}
        {...box.inputProps}
      />
      <ComboboxList list={box.list} label={`${label} results`} />
      {error
        ? <small id={`${id}-error`} className="field-error" role="alert">{error}</small>
        : hint && <small id={`${id}-hint`}>Type at least {minChars} characters</small>}
    </div>
  );
}

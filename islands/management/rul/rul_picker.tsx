/**
 * Choosing one rul: a combobox over GET /rest/ruls/filter (a client is offered its company's
 * ruls), listing the first ones as soon as it opens and narrowing as the user types (the start
 * of the id, a part of the customer or company name). The chosen rul stays in the input;
 * editing the text clears the choice. Choosing a rul sets the enid's LES (`rul_les`). With
 * `les`, only ruls of that LES are offered (an enid's edit keeps its LES). Forms validate the
 * value ('Please select a rul').
 */
import { useEffect, useRef } from "react";
import { ComboboxList, useCombobox } from "../../kit/form/MultiSelect.tsx";
import type { RulPick } from "../../../openapi/schemas/enids.ts";
import { rulLabel, type RulOption, searchRuls } from "../enid/enid_api.ts";

interface RulPickerProps {
  value: RulPick | null;
  onChange: (value: RulPick | null) => void;
  /** The form's error ('Please select a rul'), passed only after a submit attempt. */
  error?: string;
  /** Offer only ruls of this LES. */
  les?: number;
  label?: string;
  /** The line under the field while nothing is chosen. */
  hint?: string;
  /** The field's name; its id is `f-<name>`, as Field makes them. */
  name?: string;
}

export function RulPicker(
  { value, onChange, error, les, label = "Rul", name = "rul", hint = "Sets the enid's LES" }:
    RulPickerProps,
) {
  const id = `f-${name.replace(/\W/g, "-")}`;
  const box = useCombobox<RulOption>({
    source: {
      search: async (query) => {
        const rows = await searchRuls(query);
        return les === undefined ? rows : rows.filter((o) => o.rul.les === les);
      },
    },
    minChars: 0,
    noun: "rul",
    textAfterChoose: (o) => o.label,
    onChoose: (o) => onChange(o.rul),
    // Editing the chosen rul's text means choosing again.
    onType: () => value && onChange(null),
  });

  // A value set from outside (a form loaded or reset) shows in the input.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const text = value ? rulLabel(value) : null;
    if (text !== null) box.setQuery(text);
    else if (shown.current !== null && box.query === shown.current) box.setQuery("");
    shown.current = text;
  }, [value?.id, value?.les, value?.customerName]);

  return (
    <div className="picker rul-picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        placeholder="Search by id, customer or company"
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-les`}
        {...box.inputProps}
      />
      <ComboboxList list={box.list} label={`${label} results`} />
      {error
        ? <small id={`${id}-error`} className="field-error" role="alert">{error}</small>
        : (
          <small id={`${id}-les`}>
            {value ? `Rul ${value.id}, LES ${value.les}` : hint}
          </small>
        )}
    </div>
  );
}

/**
 * Choosing one tgid by its label or number: GET /rest/tgid/search once at least
 * TGID_SEARCH_MIN_CHARS (3) characters are typed (below that, a hint and no request). The chosen
 * tgid's label stays in the input; editing the text clears the choice. Forms validate the value
 * with TgidChoiceSchema ('Please, select a Tgid').
 */
import { useEffect, useRef } from "react";
import { TGID_SEARCH_MIN_CHARS } from "../../openapi/enums.ts";
import type { TgidChoice } from "../../openapi/schemas/tgids.ts";
import { getJson } from "../runtime/api.ts";
import { ComboboxList, type Option, useCombobox } from "./MultiSelect.tsx";

/** One row of GET /rest/tgid/search. */
export interface TgidHit {
  id: number;
  label: string;
  team: { id: number; name: string };
}

export interface TgidPickerProps {
  value: TgidChoice | null;
  onChange: (value: TgidChoice | null) => void;
  /** The form's error (e.g. 'Please, select a Tgid'), passed only after a submit attempt. */
  error?: string;
  label?: string;
  name?: string;
}

export const searchTgids = async (query: string): Promise<Option[]> =>
  (await getJson<TgidHit[]>(`/rest/tgid/search?query=${encodeURIComponent(query)}`)).map((t) => ({
    value: String(t.id),
    label: t.label,
    detail: `#${t.id} · ${t.team.name}`,
  }));

export function TgidPicker(
  { value, onChange, error, label = "Tgid", name = "tgid" }: TgidPickerProps,
) {
  const id = `f-${name.replace(/\W/g, "-")}`;
  const box = useCombobox<Option>({
    source: { search: searchTgids },
    minChars: TGID_SEARCH_MIN_CHARS,
    noun: label,
    textAfterChoose: (o) => o.label,
    onChoose: (o) => onChange({ id: Number(o.value), label: o.label }),
    // Editing the chosen label means choosing again.
    onType: () => value && onChange(null),
  });

  // A value set from outside (a form loaded, or reset) shows in the input.
  const shownLabel = useRef<string | null>(null);
  useEffect(() => {
    if (value) box.setQuery(value.label);
    else if (shownLabel.current !== null && box.query === shownLabel.current) box.setQuery("");
    shownLabel.current = value?.label ?? null;
  }, [value?.id, value?.label]);

  const hint = !value && box.tooShort;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="picker tgid-picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        placeholder="Search by label or number"
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy}
        {...box.inputProps}
      />
      <ComboboxList list={box.list} label={`${label} results`} />
      {error
        ? <small id={`${id}-error`} className="field-error" role="alert">{error}</small>
        : hint && <small id={`${id}-hint`}>Type at least {TGID_SEARCH_MIN_CHARS} characters</small>}
    </div>
  );
}

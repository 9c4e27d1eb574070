/**
 * Choosing one company by name: a combobox over GET /rest/companies/search (administrators),
 * searching from the first character typed. The chosen company's name stays in the input;
 * editing the text clears the choice. Forms validate the value with CompanyChoiceSchema
 * ('Please select a company'). Same machinery as islands/kit/form/TgidPicker.tsx.
 */
import { useEffect, useRef } from "react";
import type { CompanyChoice } from "../../../openapi/schemas/companies/companies.ts";
import { getJson } from "../../runtime/api.ts";
import { ComboboxList, type Option, useCombobox } from "../../kit/form/MultiSelect.tsx";

export const searchCompanies = async (query: string): Promise<Option[]> =>
  (await getJson<CompanyChoice[]>(`/rest/companies/search?query=${encodeURIComponent(query)}`))
    .map((c) => ({ value: String(c.id), label: c.name, detail: `#${c.id}` }));

interface CompanyPickerProps {
  value: CompanyChoice | null;
  onChange: (value: CompanyChoice | null) => void;
  /** The form's error ('Please select a company'), passed only after a submit attempt. */
  error?: string;
  label?: string;
  /** The field's name; its id is `f-<name>`, as Field makes them. */
  name?: string;
}

export function CompanyPicker(
  { value, onChange, error, label = "Company", name = "company" }: CompanyPickerProps,
) {
  const id = `f-${name.replace(/\W/g, "-")}`;
  const box = useCombobox<Option>({
    source: { search: searchCompanies },
    minChars: 1,
    noun: "company",
    textAfterChoose: (o) => o.label,
    onChoose: (o) => onChange({ id: Number(o.value), name: o.label }),
    // Editing the chosen name means choosing again.
    onType: () => value && onChange(null),
  });

  // A value set from outside (a form loaded, preset or reset) shows in the input.
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (value) box.setQuery(value.name);
    else if (shown.current !== null && box.query === shown.current) box.setQuery("");
    shown.current = value?.name ?? null;
  }, [value?.id, value?.name]);

  return (
    <div className="picker company-picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        placeholder="Search by name"
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...box.inputProps}
      />
      <ComboboxList list={box.list} label={`${label} results`} />
      {error && <small id={`${id}-error`} className="field-error" role="alert">{error}</small>}
    </div>
  );
}

/**
 * Choosing one tgid by its label or number: GET /rest/tgid/search once at least
 * TGID_SEARCH_MIN_CHARS (3) characters are typed (below that, a hint and no request). The chosen
 * tgid stays in the input as "label (id)"; editing the text clears the choice. Forms validate
 * the value with TgidChoiceSchema ('Please, select a Tgid'). `owned` offers only the tgids the user
 * may add a terminal to (a client's company's own, not those merely shared with it).
 */
import { TGID_SEARCH_MIN_CHARS } from "../../../openapi/enums.ts";
import type { TgidChoice } from "../../../openapi/schemas/tgid/tgids.ts";
import { getJson } from "../../runtime/api.ts";
import type { Option } from "./MultiSelect.tsx";
import { SearchPicker } from "./SearchPicker.tsx";

/** One row of GET /rest/tgid/search. */
interface TgidHit {
  id: number;
  label: string;
  team: { id: number; name: string };
}

interface TgidPickerProps {
  value: TgidChoice | null;
  onChange: (value: TgidChoice | null) => void;
  /** The form's error (e.g. 'Please, select a Tgid'), passed only after a submit attempt. */
  error?: string;
  label?: string;
  name?: string;
  /** Only the tgids the user may add a terminal to (GET /rest/tgid/search?owned=true). */
  owned?: boolean;
}

export const searchTgids = async (query: string, owned = false): Promise<Option[]> =>
  (await getJson<TgidHit[]>(
    `/rest/tgid/search?query=${encodeURIComponent(query)}${owned ? "&owned=true" : ""}`,
  )).map((t) => ({
    value: String(t.id),
    label: t.label,
    detail: `#${t.id} · ${t.team.name}`,
  }));

/** A tgid as the app names it: "label (id)"; a tgid without a label (its id as label): the id. */
export const tgidText = (t: TgidChoice) =>
  t.label === String(t.id) ? t.label : `${t.label} (${t.id})`;

const choiceOf = (o: Option): TgidChoice => ({ id: Number(o.value), label: o.label });

export function TgidPicker(
  { value, onChange, error, label = "Tgid", name = "tgid", owned = false }: TgidPickerProps,
) {
  return (
    <SearchPicker
      className="tgid-picker"
      label={label}
      name={name}
      placeholder="Search by label or number"
      search={(query) => searchTgids(query, owned)}
      minChars={TGID_SEARCH_MIN_CHARS}
      noun={label}
      chosenText={value ? tgidText(value) : null}
      textOf={(o) => tgidText(choiceOf(o))}
      onChoose={(o) => onChange(choiceOf(o))}
      onClear={() => onChange(null)}
      error={error}
    />
  );
}

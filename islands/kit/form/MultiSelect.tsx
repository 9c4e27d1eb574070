/**
 * Choosing several options by typing: a combobox over static options or an async search, the
 * chosen ones shown as chips (remove button, or Backspace in the empty input removes the last),
 * an optional selection limit (said when the user tries to choose past it), and at most
 * MULTISELECT_SEARCH_LIMIT (25) options shown per query. One choice is SearchPicker's.
 *
 * `useCombobox` and `ComboboxList` are the listbox machinery, shared with TgidPicker (one
 * choice): arrows move, Enter chooses, Escape closes (then clears), Tab or a click elsewhere
 * closes. A choice closes the list, so it never lies over what follows the field (a dialog's
 * buttons); the focus stays in the input, where typing, ArrowDown or a click opens it again for
 * the next choice.
 */
import {
  type ChangeEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { formMessages } from "../../../openapi/schemas/messages.ts";
import { messageOf } from "../../runtime/api.ts";

export interface Option {
  value: string;
  label: string;
  /** Shown muted after the label (a number, an owner). */
  detail?: string;
}

/** Where options come from: a list filtered here, or a search run (debounced) on the server. */
type OptionSource<T extends Option> =
  | { options: readonly T[]; search?: undefined }
  | { search: (query: string) => Promise<T[]>; options?: undefined };

/** Pause after the last keystroke before an async search runs. */
const SEARCH_DELAY_MS = 250;

interface ComboboxConfig<T extends Option> {
  source: OptionSource<T>;
  /** Characters typed before anything is offered (and before any search request). */
  minChars: number;
  /** What the options are, for messages ("No Tgid found"). */
  noun: string;
  onChoose: (option: T) => void;
  /** Values not offered at all (already chosen). */
  exclude?: ReadonlySet<string>;
  /** Offered but refused (a selection limit reached). */
  isDisabled?: (option: T) => boolean;
  /** The user tried to choose a refused option. */
  onRefused?: (option: T) => void;
  /** The input's text after a choice (default: empty). */
  textAfterChoose?: (option: T) => string;
  /** The user edited the text. */
  onType?: (text: string) => void;
  /** Backspace in the empty input. */
  onBackspaceEmpty?: () => void;
}

/** The state and the input's props of an accessible combobox with a listbox popup. */
export function useCombobox<T extends Option>(cfg: ComboboxConfig<T>) {
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [found, setFound] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const seq = useRef(0);
  // The latest search function, so a caller's inline arrow does not restart the search.
  const search = useRef(cfg.source.search);
  search.current = cfg.source.search;
  const isAsync = cfg.source.search !== undefined;

  const text = query.trim();
  const tooShort = text.length < cfg.minChars;

  useEffect(() => {
    if (!isAsync) return;
    const ticket = ++seq.current;
    if (!open || tooShort) {
      setFound(null);
      setLoading(false);
      setError(null);
      return;
    }
    setLoading(true);
    const timer = setTimeout(async () => {
      try {
        const rows = await search.current!(text);
        if (ticket !== seq.current) return;
        setFound(rows);
        setError(null);
      } catch (e) {
        if (ticket !== seq.current) return;
        setFound(null);
        setError(messageOf(e));
      } finally {
        if (ticket === seq.current) setLoading(false);
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, open, tooShort, isAsync]);

  const candidates = useMemo(() => {
    const needle = text.toLowerCase();
    const pool = cfg.source.options
      ? cfg.source.options.filter((o) => o.label.toLowerCase().includes(needle))
      : found ?? [];
    return cfg.exclude ? pool.filter((o) => !cfg.exclude!.has(o.value)) : pool;
  }, [text, cfg.source.options, found, cfg.exclude]);
  const shown = candidates.slice(0, MULTISELECT_SEARCH_LIMIT);
  const more = candidates.length - shown.length;
  const current = Math.min(active, shown.length - 1);
  const expanded = open && !tooShort && (!isAsync || found !== null || loading || error !== null);
  const disabled = (o: T) => cfg.isDisabled?.(o) ?? false;

  const choose = (o: T) => {
    if (disabled(o)) return cfg.onRefused?.(o);
    cfg.onChoose(o);
    setQuery(cfg.textAfterChoose?.(o) ?? "");
    setActive(0);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
        if (!expanded) setOpen(true);
        else setActive(Math.min(current + 1, shown.length - 1));
        break;
      case "ArrowUp":
        if (expanded) setActive(Math.max(current - 1, 0));
        break;
      case "Enter":
        // Without a list, Enter submits the form as usual.
        if (!expanded) return;
        if (shown[current]) choose(shown[current]);
        break;
      case "Escape":
        if (expanded) setOpen(false);
        else if (query) {
          setQuery("");
          cfg.onType?.("");
        } else return; // nothing to undo: let a dialog close
        break;
      case "Backspace":
        if (query !== "" || !cfg.onBackspaceEmpty) return;
        cfg.onBackspaceEmpty();
        break;
      default:
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  };

  const inputProps = {
    type: "text",
    role: "combobox",
    autoComplete: "off",
    "aria-autocomplete": "list" as const,
    "aria-expanded": expanded,
    "aria-controls": expanded ? listId : undefined,
    "aria-activedescendant": expanded && shown.length ? `${listId}-${current}` : undefined,
    value: query,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setQuery(e.currentTarget.value);
      setActive(0);
      setOpen(true);
      cfg.onType?.(e.currentTarget.value);
    },
    onKeyDown,
    onClick: () => setOpen(true),
    onBlur: () => setOpen(false),
  };

  return {
    query,
    setQuery,
    tooShort,
    inputProps,
    list: {
      id: listId,
      expanded,
      shown,
      more,
      current,
      loading,
      error,
      noun: cfg.noun,
      disabled,
      choose,
      setActive,
    },
  };
}

type ComboboxListState<T extends Option> = ReturnType<typeof useCombobox<T>>["list"];

/**
 * The listbox popup of `useCombobox`. Messages (searching, failed, nothing found, more than
 * shown) are disabled entries after the options; the arrows never reach them.
 */
export function ComboboxList<T extends Option>(
  { list, label }: { list: ComboboxListState<T>; label: string },
) {
  if (!list.expanded) return null;
  const note = (key: string, text: string) => (
    <li key={key} className="picker-note" role="option" aria-selected="false" aria-disabled="true">
      {text}
    </li>
  );
  return (
    <ul id={list.id} role="listbox" aria-label={label}>
      {list.shown.map((o, i) => {
        const disabled = list.disabled(o);
        return (
          <li
            key={o.value}
            id={`${list.id}-${i}`}
            role="option"
            aria-selected={i === list.current}
            aria-disabled={disabled ? "true" : undefined}
            data-value={o.value}
            onMouseDown={(e) => {
              e.preventDefault(); // keep the focus in the input
              list.choose(o);
            }}
            onMouseMove={() => i !== list.current && list.setActive(i)}
          >
            {o.label}
            {o.detail && (
              <>
                {" "}
                <small className="muted">{o.detail}</small>
              </>
            )}
          </li>
        );
      })}
      {list.error && note("error", list.error)}
      {list.loading && !list.shown.length && !list.error && note("loading", "Searching…")}
      {!list.loading && !list.error && !list.shown.length && note("none", `No ${list.noun} found`)}
      {list.more > 0 && note("more", `${list.more} more — refine the search`)}
    </ul>
  );
}

interface MultiSelectProps<T extends Option> {
  label: string;
  /** The field's name (its id is `f-<name>`, as Field makes them); default from the label. */
  name?: string;
  /** The chosen options, in order. */
  values: T[];
  onChange: (values: T[]) => void;
  /** Static options, filtered by label as the user types… */
  options?: readonly T[];
  /** …or a search (it should use getJson, so failures read as the server's message). */
  search?: (query: string) => Promise<T[]>;
  /** Selection limit: when reached, further options are refused. */
  max?: number;
  /** Characters typed before options are offered (default 0 for static options, 1 for search). */
  minChars?: number;
  /** The form's error for the field (forms pass it only after a submit attempt). */
  error?: string;
  placeholder?: string;
}

export function MultiSelect<T extends Option>(props: MultiSelectProps<T>) {
  const { label, values, onChange, max, error } = props;
  const id = `f-${(props.name ?? label).replace(/\W/g, "-")}`;
  const input = useRef<HTMLInputElement>(null);
  const chosen = useMemo(() => new Set(values.map((v) => v.value)), [values]);
  const full = max !== undefined && values.length >= max;
  // The limit is said when the user tries to go past it, not as soon as it is reached.
  const [refused, setRefused] = useState(false);
  if (refused && !full) setRefused(false);
  const source: OptionSource<T> = props.search
    ? { search: props.search }
    : { options: props.options ?? [] };
  const minChars = props.minChars ?? (props.search ? 1 : 0);
  const hint = minChars > 1 && !error;
  const box = useCombobox<T>({
    source,
    minChars,
    noun: label,
    exclude: chosen,
    isDisabled: () => full,
    onRefused: () => setRefused(true),
    onChoose: (o) => {
      if (!full && !chosen.has(o.value)) onChange([...values, o]);
    },
    onBackspaceEmpty: values.length ? () => onChange(values.slice(0, -1)) : undefined,
  });
  const remove = (o: T) => {
    onChange(values.filter((v) => v.value !== o.value));
    input.current?.focus();
  };
  const describedBy = [
    refused ? `${id}-limit` : "",
    error ? `${id}-error` : hint && box.tooShort ? `${id}-hint` : "",
  ].filter(Boolean).join(" ") || undefined;

  return (
    <div className="picker multi-select">
      <label htmlFor={id}>{label}</label>
      {values.length > 0 && (
        <ul className="chips" aria-label={`Selected ${label}`}>
          {values.map((v) => (
            <li key={v.value}>
              {v.label}
              <button type="button" aria-label={`Remove ${v.label}`} onClick={() => remove(v)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        name={props.name}
        placeholder={props.placeholder}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy}
        {...box.inputProps}
      />
      <ComboboxList list={box.list} label={label} />
      <small id={`${id}-limit`} className="picker-limit" aria-live="polite">
        {refused && max !== undefined ? formMessages.maxItems(label, max) : ""}
      </small>
      {error
        ? <small id={`${id}-error`} className="field-error" role="alert">{error}</small>
        : hint && box.tooShort && (
          <small id={`${id}-hint`}>Type at least {minChars} characters</small>
        )}
    </div>
  );
}

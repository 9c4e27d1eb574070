/**
 * A table's filter boxes (and whatever the bar holds besides: the CSV export, the live hint). It
 * keeps what is typed itself, so a keystroke re-renders the bar and not the table: a 255-row page
 * re-rendered per keystroke answered late on a phone (issue 37). The filter applies after a
 * FILTER_DELAY_MS pause, at once on Enter or a choice, and text typed before hydration counts.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { FILTER_DELAY_MS } from "../../../openapi/enums.ts";
import { useTypedBeforeHydration } from "../form/early_input.ts";
import type { Column, FilterErrors, Row } from "./DataTable.tsx";

type FilterColumn = Pick<Column<Row>, "key" | "label" | "filter">;

interface FilterBarProps {
  id: string;
  caption: string;
  /** The columns with a filter box, in order. */
  columns: FilterColumn[];
  /** The filter the table starts with. */
  initial: Record<string, string>;
  errors?: FilterErrors;
  /** Applies a filter (every box's value). */
  onApply: (filter: Record<string, string>) => void;
  children?: ReactNode;
}

export function FilterBar(
  { id, caption, columns, initial, errors, onApply, children }: FilterBarProps,
) {
  const [drafts, setDrafts] = useState<Record<string, string>>(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onInput = (changes: Record<string, string>, immediate: boolean) => {
    const next = { ...drafts, ...changes };
    setDrafts(next);
    clearTimeout(timer.current);
    if (immediate) onApply(next);
    else timer.current = setTimeout(() => onApply(next), FILTER_DELAY_MS);
  };
  // Filters typed before the table hydrated apply as if typed now.
  const bar = useRef<HTMLDivElement>(null);
  useTypedBeforeHydration(bar, (typed) => {
    const changes = Object.fromEntries(
      typed.filter((t) => t.field.dataset.filter).map((t) => [
        t.field.dataset.filter,
        String(t.value),
      ]),
    );
    if (Object.keys(changes).length) onInput(changes, false);
  });

  return (
    <div ref={bar} className="table-tools" role="search" aria-label={`Filter ${caption}`}>
      {columns.map((c) => (
        <label key={c.key} htmlFor={`${id}-filter-${c.key}`}>
          <small id={`${id}-filter-${c.key}-label`}>{c.label}</small>
          {/* Between the label and the box: the boxes stay in line (the bar aligns their bottoms). */}
          {errors?.[c.key] && (
            <small id={`${id}-filter-${c.key}-error`} className="field-error" role="alert">
              {errors[c.key]}
            </small>
          )}
          {c.filter!.kind === "select"
            ? (
              <select
                id={`${id}-filter-${c.key}`}
                value={drafts[c.key] ?? ""}
                data-filter={c.key}
                onChange={(e) => onInput({ [c.key]: e.currentTarget.value }, true)}
              >
                <option value="">All</option>
                {c.filter!.options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
              </select>
            )
            : (
              <input
                id={`${id}-filter-${c.key}`}
                type="search"
                // Named by its label alone: the message is its description.
                aria-labelledby={`${id}-filter-${c.key}-label`}
                aria-invalid={errors?.[c.key] ? "true" : undefined}
                aria-describedby={errors?.[c.key] ? `${id}-filter-${c.key}-error` : undefined}
                value={drafts[c.key] ?? ""}
                placeholder={(c.filter as { placeholder?: string }).placeholder ?? "Filter"}
                data-filter={c.key}
                onChange={(e) => onInput({ [c.key]: e.currentTarget.value }, false)}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    onInput({ [c.key]: e.currentTarget.value }, true);
                  }
                }}
              />
            )}
        </label>
      ))}
      {children}
    </div>
  );
}

/**
 * A details dialog's fields: a two-column table, a row per `[label, value]` (the label a row
 * header). `shown` turns a raw value into its text, a dash when there is none.
 */
import type { ReactNode } from "react";

export const shown = (v: unknown): string =>
  v === null || v === undefined || v === ""
    ? "—"
    : typeof v === "object"
    ? JSON.stringify(v)
    : String(v);

export function FieldTable(
  { rows, name }: { rows: readonly (readonly [string, ReactNode])[]; name: string },
) {
  return (
    <table data-fields={name}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

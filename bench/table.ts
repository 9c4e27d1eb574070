/** Plain-text tables for the bench's printed reports. */

/** A number with `digits` decimals, or "-" when there is none (undefined, NaN, infinite). */
export const num = (n: number | undefined, digits = 0) =>
  n === undefined || !Number.isFinite(n) ? "-" : n.toFixed(digits);

/** Columns padded to their widest cell: the first left-aligned, the others right-aligned. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((_, i) => Math.max(...[head, ...rows].map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => i === 0 ? c.padEnd(widths[i]) : (c ?? "").padStart(widths[i])).join("  ");
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)]
    .map((l) => "  " + l.trimEnd()).join("\n");
}

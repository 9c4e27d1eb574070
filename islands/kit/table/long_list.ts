/**
 * Long lists (more than LONG_LIST_ROWS rows, the 255-row pages) are laid out as block rows, not by
 * the browser's table layout, which sizes every column from every cell before anything is shown:
 * a 255×12 table was 334 ms of layout on a desktop, about four times that on a phone (issue 37,
 * docs/decisions/0021). Each row is a flex line of cells whose widths come from their column's
 * texts (classes per width step: the CSP allows no inline style), and a row off screen is
 * neither laid out nor painted (`content-visibility: auto`, app.css). The markup stays a table,
 * with its roles said explicitly for assistive technology.
 */

/** From this many rows on, a list is laid out as block rows. */
export const LONG_LIST_ROWS = 50;

/** Column widths in characters (app.css's `--char`): classes `cw-N` (preferred) and `cm-N` (least) of app.css. */
const WIDTH_STEPS = [2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40] as const;

/** The least width step that holds `chars` characters (the widest step for longer texts). */
const step = (chars: number) => WIDTH_STEPS.find((w) => w >= chars) ?? WIDTH_STEPS.at(-1)!;

const longestWord = (text: string) =>
  text.split(/\s+/).reduce((most, word) => Math.max(most, word.length), 0);

/**
 * Each column's width classes, as the browser's table layout would size it: preferred, its longest
 * text on this page (or its label with the sort button's arrow, when longer); least, its longest
 * word, which a narrow screen wraps down to. The server and the browser compute them from the same
 * rows, so hydration finds the same classes.
 */
export function columnWidths<C extends { label: string; sortable?: boolean }, R>(
  columns: readonly C[],
  rows: readonly R[],
  text: (column: C, row: R) => string,
): string[] {
  return columns.map((c) => {
    const arrow = c.sortable ? 2 : 0;
    let preferred = c.label.length + arrow;
    let least = longestWord(c.label) + arrow;
    for (const row of rows) {
      const t = text(c, row);
      preferred = Math.max(preferred, t.length);
      least = Math.max(least, longestWord(t));
    }
    return `cw-${step(preferred)} cm-${step(least)}`;
  });
}

/** The roles of a long list's elements (a table's own, said because it is not laid out as one). */
const LONG_LIST_ROLES = {
  table: { role: "table" },
  rowgroup: { role: "rowgroup" },
  row: { role: "row" },
  header: { role: "columnheader" },
  cell: { role: "cell" },
} as const;

const NO_ROLE = {} as const;

/** The role attributes of `part` for a long list, none for a short one. */
export const rolesOf = (long: boolean, part: keyof typeof LONG_LIST_ROLES) =>
  long ? LONG_LIST_ROLES[part] : NO_ROLE;

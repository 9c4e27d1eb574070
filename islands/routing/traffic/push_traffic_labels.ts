/** Labels of push traffic rows, shared by the overview and its dialogs (zod-free). */
/** A code's label, the code itself when unknown, empty for none. */
export const codeLabel = (map: Record<number, string>, code: number | null) =>
  code === null ? "" : map[code] ?? String(code);

/** "label (id)" of the row's tgid, empty for none. */
export const tgidText = (r: { tgid: number | null; tgidLabel: string | null }) =>
  r.tgid === null ? "" : `${r.tgidLabel ?? r.tgid} (${r.tgid})`;

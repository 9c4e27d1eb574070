/** Display helpers that give the same text on the server and in the browser (no locale). */

/** "2026-11-21 14:03:09" (UTC) from an ISO date-time. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? iso.replace("T", " ").slice(0, 19) : "";

/** Options of a code → label map, for select filters. */
export const optionsOf = (labels: Record<number, string>) =>
  Object.entries(labels).map(([v, l]) => [v, l] as const);

/** "Yes" / "No" for a flag. */
export const yesNo = (v: boolean) => (v ? "Yes" : "No");

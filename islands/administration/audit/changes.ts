/** An audit entry's changes as one line of text: `name: "A" → "B"; password: changed`. */
import type { AuditEntry } from "../../../openapi/schemas/audit/audit.ts";

const valueText = (v: unknown) =>
  v === undefined
    ? ""
    : v === null
    ? "empty"
    : typeof v === "string"
    ? `"${v}"`
    : JSON.stringify(v);

export function changesText(changes: AuditEntry["changes"]): string {
  return Object.entries(changes).map(([field, c]) => {
    if ("changed" in c) return `${field}: changed`;
    if (!("before" in c)) return `${field} = ${valueText(c.after)}`;
    if (!("after" in c)) return `${field} was ${valueText(c.before)}`;
    return `${field}: ${valueText(c.before)} → ${valueText(c.after)}`;
  }).join("; ");
}

/** Who, as a cell shows it: login and name, or the caller's company's view of an operator. */
export const whoText = (e: AuditEntry) =>
  e.user === null
    ? "Operator"
    : e.user.login === null
    ? "Unknown"
    : e.user.name
    ? `${e.user.login} (${e.user.name})`
    : e.user.login;

/**
 * Delivery routes (management-routing §3–§5, §8): the words of the routes page and its dialogs,
 * the SMTP format presets (fill and detect), the secondary e-mails' normaliser and the
 * destination checks. Zod-free: the routes island shows these on first paint; the zod schemas
 * (./push_routes.ts, server and dialogs) use the same checks and messages.
 */
import { SMTP_FORMATS } from "../../enums.ts";

/** What a route dialog shows when the server gave no message (the spec's spelling). */
export const UNKNOWN_ERROR = "Unkown";

export const ROUTE_TYPE_LABELS = {
  tcp: "TCP",
  ftp: "FTP",
  ws: "Web service",
  smtp: "SMTP",
} as const;
/** lockDestination's `type`: the route types with a primary and a backup destination. */
export const LOCKABLE_ROUTE_TYPES = ["tcp", "ftp", "ws"] as const;
export type LockableRouteType = typeof LOCKABLE_ROUTE_TYPES[number];
/** lockDestination's `target`. */
export const DESTINATION_TARGETS = ["primary", "backup"] as const;
export type DestinationTarget = typeof DESTINATION_TARGETS[number];

/** The labels of a route's two destinations (tcp, ftp, ws). */
export const DESTINATION_LABELS = {
  primary: "Primary destination",
  backup: "Backup destination",
} as const;

export const ROUTE_MESSAGES = {
  tgidUnknown: (id: number) => `Tgid ${id} does not exist`,
  notFound: (type: string) => `${ROUTE_TYPE_LABELS[type as keyof typeof ROUTE_TYPE_LABELS]} route`,
  noBackup: "This route has no backup destination",
  tcp: (label: string) => `${label} must be host:port (e.g. 203.0.113.5:5000)`,
  port: (label: string) => `${label} port must be between 1 and 65535`,
  ftp: (label: string) =>
    `${label} must be an FTP address: ftp://host[:port]/path or host[:port]/path`,
  ws: (label: string) => `${label} must be an http:// or https:// URL`,
  email: (label: string) => `${label} must be an e-mail address`,
  /** A destination the delivery engine's egress policy refuses (the reason is the engine's). */
  notAllowed: (label: string, reason: string) => `${label} is not allowed: ${reason}`,
  secondaryEmail: (address: string) => `Secondary e-mail ${address} is not a valid address`,
  created: (type: string, id: number) =>
    `${ROUTE_TYPE_LABELS[type as keyof typeof ROUTE_TYPE_LABELS]} route ${id} created`,
  updated: (type: string, id: number) =>
    `${ROUTE_TYPE_LABELS[type as keyof typeof ROUTE_TYPE_LABELS]} route ${id} updated`,
  deleted: (type: string, id: number) =>
    `${ROUTE_TYPE_LABELS[type as keyof typeof ROUTE_TYPE_LABELS]} route ${id} deleted`,
  lockQuestion: (lock: boolean, target: DestinationTarget, destination: string) =>
    `${lock ? "Lock" : "Unlock"} the ${target} destination ${destination}?`,
} as const;

/** The up flag's state: locked when negative (§4). */
export const upState = (up: number) => up < 0 ? "Locked" : up === 0 ? "Inactive" : "Active";

// ---- SMTP format presets (§4) ----

export type SmtpFormat = keyof typeof SMTP_FORMATS | "other";
export const SMTP_FORMAT_CHOICES = [
  ...Object.keys(SMTP_FORMATS) as (keyof typeof SMTP_FORMATS)[],
  "other",
] as const satisfies readonly SmtpFormat[];

interface SmtpPresetFields {
  encoding: string;
  signature: string;
  subject: string;
  body: string;
}
const EMPTY_PRESET: SmtpPresetFields = { encoding: "", signature: "", subject: "", body: "" };

/**
 * The four fields after choosing `format`: cleared, then the preset's values ('other' leaves
 * them empty for free entry).
 */
export function smtpPreset(format: SmtpFormat): SmtpPresetFields {
  return format === "other" ? { ...EMPTY_PRESET } : { ...EMPTY_PRESET, ...SMTP_FORMATS[format] };
}

/** The format whose preset the four fields are exactly (null read as empty), else 'other'. */
export function detectSmtpFormat(
  fields: { [K in keyof SmtpPresetFields]?: string | null },
): SmtpFormat {
  for (const name of Object.keys(SMTP_FORMATS) as (keyof typeof SMTP_FORMATS)[]) {
    const p = SMTP_FORMATS[name];
    if (
      (Object.keys(p) as (keyof SmtpPresetFields)[]).every((k) => (fields[k] ?? "") === p[k])
    ) return name;
  }
  return "other";
}

// ---- secondary e-mails (§5) ----

/**
 * Spaces removed, newlines and semicolons become commas, doubled commas collapse, a trailing
 * comma is dropped (and a leading one: it names no address).
 */
export function normalizeEmails(text: string): string {
  return text
    .replace(/[ \t\u00a0]+/g, "")
    .replace(/\r\n|[\r\n;]/g, ",")
    .replace(/,{2,}/g, ",")
    .replace(/^,|,$/g, "");
}

/** The addresses of a normalised list. */
export const emailList = (normalized: string) => normalized ? normalized.split(",") : [];

// ---- destinations (§5) ----

const HOST = String.raw`(?:\d{1,3}(?:\.\d{1,3}){3}|[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?` +
  String.raw`(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)`;
/** A port as typed: 1 to 5 digits (leading zeros too) whose value is 1 to 65535. */
const PORT = String.raw`(?:0{0,4}[1-9]|0{0,3}[1-9]\d|0{0,2}[1-9]\d{2}|0?[1-9]\d{3}|[1-5]\d{4}` +
  String.raw`|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5])`;
/** An ftp destination's path: no blank or control character. */
const FTP_PATH = String.raw`(?:/[^\s\u0000-\u001f\u007f-\u009f]*)?`;
const FTP_SCHEME = "(?:[Ff][Tt][Pp]://)?";
const TCP = new RegExp(`^${HOST}:(\\d{1,5})$`);
const FTP = new RegExp(`^${FTP_SCHEME}${HOST}(?::(\\d{1,5}))?${FTP_PATH}$`);
const portOk = (port: string | undefined) =>
  port === undefined || new RegExp(`^${PORT}$`).test(port);

/**
 * A ws destination's host as the egress policy reads one (egress.ts `decideWithoutLookup`):
 * letters, digits, '.', '_' and '-' (not dots alone), or an IPv6 address in brackets.
 */
const URL_HOST = String.raw`(?:[A-Za-z0-9._-]*[A-Za-z0-9_-][A-Za-z0-9._-]*|\[[0-9A-Fa-f:.]+\])`;
/** A URL's user information: no blank, '@', '/', '?', '#' or control character. */
const USER_INFO = String.raw`(?:[^\s@/?#\u0000-\u001f\u007f-\u009f]*@)?`;
/** What follows a URL's host: its path, query or fragment, without control characters. */
const URL_REST = String.raw`(?:[/?#\\][^\u0000-\u001f\u007f-\u009f]*)?`;

/**
 * What the destinations take, as the contract's patterns: a tcp one is host:port, an ftp one
 * [ftp://]host[:port][/path] (a host: an IPv4-like address or dot-separated labels of letters,
 * digits and inner hyphens; a port: 1 to 65535), a ws one is http:// or https://, a host the
 * egress policy reads (see URL_HOST), a port 1 to 65535, then a path, a query or a fragment.
 */
export const DESTINATION_PATTERNS = {
  tcp: `^${HOST}:${PORT}$`,
  ftp: `^${FTP_SCHEME}${HOST}(?::${PORT})?${FTP_PATH}$`,
  ws: `^[Hh][Tt][Tt][Pp][Ss]?://${USER_INFO}${URL_HOST}(?::${PORT})?${URL_REST}$`,
} as const;

/** Why a tcp destination is refused ("host:port", port 1–65535), or null. */
export function tcpDestinationError(value: string, label: string): string | null {
  const m = TCP.exec(value);
  if (!m) return ROUTE_MESSAGES.tcp(label);
  return portOk(m[1]) ? null : ROUTE_MESSAGES.port(label);
}

/** Why an ftp destination is refused (ftp://host[:port]/path or host[:port]/path), or null. */
export function ftpDestinationError(value: string, label: string): string | null {
  const m = FTP.exec(value);
  if (!m) return ROUTE_MESSAGES.ftp(label);
  return portOk(m[1]) ? null : ROUTE_MESSAGES.port(label);
}

/**
 * Why a ws destination is refused (its pattern, then an http:// or https:// URL with a host as a
 * browser reads it: a host ending in a number must be an IPv4 address), or null.
 */
export function wsDestinationError(value: string, label: string): string | null {
  if (!new RegExp(DESTINATION_PATTERNS.ws).test(value)) return ROUTE_MESSAGES.ws(label);
  try {
    const url = new URL(value);
    return url.hostname ? null : ROUTE_MESSAGES.ws(label);
  } catch {
    return ROUTE_MESSAGES.ws(label);
  }
}

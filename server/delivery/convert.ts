/**
 * The route conversions (CONVERSIONS in openapi/enums.ts), pure functions of the push traffic
 * row: 0 none, 1 Textual, 2 product XML, 3 VMS2, 4 Standard XML, 5 CSV. An unknown conversion
 * is treated as 0. Dates are UTC.
 */
import { TRAFFIC_PROTOCOLS } from "../../openapi/enums.ts";
import type { DeliveryRow, OutgoingMessage } from "./types.ts";

const encoder = new TextEncoder();

export function convert(conversion: number, row: DeliveryRow): OutgoingMessage {
  const converter = CONVERTERS[conversion] ?? CONVERTERS[0];
  return {
    id: row.id,
    tgidId: row.tgidId,
    dnid: row.dnid,
    les: row.les,
    protocol: row.protocol,
    storedAt: row.lesCStoredTime,
    body: encoder.encode(converter.render(row)),
    contentType: converter.contentType,
    extension: converter.extension,
  };
}

/** A conversion: how its text is made, and that text's type and file extension. */
interface Converter {
  render: (row: DeliveryRow) => string;
  contentType: string;
  extension: string;
}

const TEXT_TYPE = "text/plain; charset=utf-8";
const XML_TYPE = "application/xml; charset=utf-8";

const CONVERTERS: Record<number, Converter> = {
  0: { render: (row) => row.content ?? "", contentType: TEXT_TYPE, extension: "txt" },
  1: { render: textual, contentType: TEXT_TYPE, extension: "txt" },
  2: { render: productXml, contentType: XML_TYPE, extension: "xml" },
  3: { render: vms2, contentType: TEXT_TYPE, extension: "vms" },
  4: { render: standardXml, contentType: XML_TYPE, extension: "xml" },
  5: { render: csv, contentType: "text/csv; charset=utf-8", extension: "csv" },
};

const protocolName = (protocol: number) =>
  (TRAFFIC_PROTOCOLS as Record<number, string>)[protocol] ?? `Protocol ${protocol}`;

const show = (value: number | null) => value === null ? "-" : String(value);

/** 1 Textual: a readable header block, a blank line, the content. */
function textual(row: DeliveryRow): string {
  const header = [
    `Message id: ${row.id}`,
    `TGID: ${show(row.tgidId)}`,
    `DNID: ${show(row.dnid)}`,
    `LES: ${show(row.les)}`,
    `Stored: ${row.lesCStoredTime.toISOString()}`,
    `Protocol: ${protocolName(row.protocol)}`,
  ];
  return `${header.join("\n")}\n\n${row.content ?? ""}`;
}

/** Escapes text for XML content and attributes; drops characters XML 1.0 cannot carry. */
export function xmlEscape(text: string): string {
  return text
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The message's fields in a fixed order (null stays null): XML and CSV share it. */
function fields(row: DeliveryRow): [string, string | null][] {
  const n = (v: number | null) => v === null ? null : String(v);
  return [
    ["id", String(row.id)],
    ["tgid", n(row.tgidId)],
    ["dnid", n(row.dnid)],
    ["les", n(row.les)],
    ["protocol", String(row.protocol)],
    ["protocolName", protocolName(row.protocol)],
    ["storedAt", row.lesCStoredTime.toISOString()],
  ];
}

/** 2 product XML: one `<pushMessage>` element, the fields as attributes (null ones left out). */
function productXml(row: DeliveryRow): string {
  const attributes = fields(row)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => ` ${k}="${xmlEscape(v!)}"`)
    .join("");
  return `${XML_DECLARATION}<pushMessage${attributes}>${
    xmlEscape(row.content ?? "")
  }</pushMessage>\n`;
}

/** 4 Standard XML: `<message>` with one child element a field (empty when null). */
function standardXml(row: DeliveryRow): string {
  const children = [...fields(row), ["content", row.content ?? ""] as [string, string]]
    .map(([k, v]) => v === null ? `  <${k}/>` : `  <${k}>${xmlEscape(v)}</${k}>`);
  return `${XML_DECLARATION}<message>\n${children.join("\n")}\n</message>\n`;
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled. */
export const csvField = (v: string) => /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;

/** 5 CSV: a header line and one row, CRLF line ends (RFC 4180); null is an empty field. */
function csv(row: DeliveryRow): string {
  const all = [...fields(row), ["content", row.content ?? ""] as [string, string | null]];
  const line = (values: string[]) => values.map(csvField).join(",") + "\r\n";
  return line(all.map(([k]) => k)) + line(all.map(([, v]) => v ?? ""));
}

/** A position found in a message's content. */
export interface Position {
  lat: number;
  lon: number;
  speed?: number;
  course?: number;
  at?: Date;
}

const COORD = String.raw`([+-]?\d{1,3}(?:\.\d+)?)([NSEW])?`;
const POS_RE = new RegExp(
  String.raw`\bPOS ${COORD} ${COORD}(?: SPD (\d+(?:\.\d+)?))?(?: CRS (\d{1,3}))?` +
    String.raw`(?: (\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d))?`,
);
const LAT_RE = new RegExp(String.raw`\bLAT=${COORD}`),
  LON_RE = new RegExp(String.raw`\bLON=${COORD}`);
const GPS_RE = new RegExp(String.raw`\bGPS=${COORD},${COORD}`);

const signed = (value: string, hemisphere?: string) =>
  (hemisphere === "S" || hemisphere === "W" ? -1 : 1) * Number(value);

/**
 * The position a content carries: "POS 12.3456N 004.5678W SPD 7.2 CRS 130 2026-11-23 10:15"
 * (the demo's Inmarsat C reports; speed, course and time optional), "LAT=… LON=…" or
 * "GPS=lat,lon" (hemisphere letters or signed decimals). Null when none (or out of range).
 */
function findPosition(content: string): Position | null {
  let position: Position | null = null;
  const pos = POS_RE.exec(content);
  if (pos) {
    const [, la, lh, lo, oh, spd, crs, y, mo, d, h, mi] = pos;
    position = { lat: signed(la, lh), lon: signed(lo, oh) };
    if (spd !== undefined) position.speed = Number(spd);
    if (crs !== undefined) position.course = Number(crs);
    if (y !== undefined) position.at = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi));
  } else {
    const lat = LAT_RE.exec(content), lon = LON_RE.exec(content), gps = GPS_RE.exec(content);
    if (lat && lon) position = { lat: signed(lat[1], lat[2]), lon: signed(lon[1], lon[2]) };
    else if (gps) position = { lat: signed(gps[1], gps[2]), lon: signed(gps[3], gps[4]) };
  }
  if (!position || Math.abs(position.lat) > 90 || Math.abs(position.lon) > 180) return null;
  if (position.at && Number.isNaN(position.at.getTime())) delete position.at;
  return position;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const degrees = (v: number, width: number) =>
  `${v < 0 ? "-" : "+"}${pad(Math.trunc(Math.abs(v)), width)}.${
    Math.abs(v).toFixed(4).split(".")[1]
  }`;

/**
 * 3 VMS2: one NAF-style record. With a position: //SR//TM/POS//RN/<id>//DA/yyyymmdd//TI/hhmm
 * //LT/+dd.dddd//LG/-ddd.dddd//SP/<knots × 10>//CO/<ddd>//ER// (SP and CO only when known; DA
 * and TI the report's time, else the stored time). Without: //SR//TM/MSG//RN/<id>//DA//TI//MS/
 * <text>//ER//, the text on one line, slashes spaced ("a/ /b", " /x", "x/ ") so none ends the field.
 */
function vms2(row: DeliveryRow): string {
  const content = row.content ?? "";
  const position = findPosition(content);
  const at = position?.at ?? row.lesCStoredTime;
  const date = `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1, 2)}${pad(at.getUTCDate(), 2)}`;
  const time = `${pad(at.getUTCHours(), 2)}${pad(at.getUTCMinutes(), 2)}`;
  const head = `//SR//TM/${position ? "POS" : "MSG"}//RN/${row.id}//DA/${date}//TI/${time}`;
  if (!position) {
    const text = content.replace(/\s+/g, " ").trim().replace(
      /\/+/g,
      (run) => run.split("").join(" "),
    )
      .replace(/^\//, " /").replace(/\/$/, "/ ");
    return `${head}//MS/${text}//ER//\n`;
  }
  let record = `${head}//LT/${degrees(position.lat, 2)}//LG/${degrees(position.lon, 3)}`;
  if (position.speed !== undefined) record += `//SP/${Math.round(position.speed * 10)}`;
  if (position.course !== undefined) record += `//CO/${pad(position.course, 3)}`;
  return `${record}//ER//\n`;
}

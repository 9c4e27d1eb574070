/**
 * The body a web service route receives, by the route's Format: JSON (the default), XML, or SOAP
 * (a SOAP 1.1 envelope around the XML). The message's converted payload is carried as text when
 * it is UTF-8, else base64. Namespace names the XML namespace (and is a JSON field); Keys lists
 * the identifying fields the customer wants ("dnid,member", "imei"): each known one the message
 * has is added under `keys` — dnid, les, tgid, member ("MEM n" in Inmarsat C reports), imei
 * ("IMEI=n" in Iridium SBD), esn ("ESN=…", Isat DataPro); others are left out.
 */
import type { wsRoutes } from "../../../db/schema/mod.ts";
import { xmlEscape } from "../convert.ts";
import type { OutgoingMessage } from "../types.ts";

type WsRoute = typeof wsRoutes.$inferSelect;

const decoder = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();

/** The payload as text, or null when it is not valid UTF-8. */
function asText(body: Uint8Array): string | null {
  try {
    return decoder.decode(body);
  } catch {
    return null;
  }
}

const base64 = (bytes: Uint8Array) =>
  btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

/** The identifying fields the route asks for, as the message has them. */
function messageKeys(keys: string | null, msg: OutgoingMessage, text: string | null) {
  const found = (re: RegExp) => text?.match(re)?.[1];
  const known: Record<string, () => string | number | null | undefined> = {
    dnid: () => msg.dnid,
    les: () => msg.les,
    tgid: () => msg.tgidId,
    member: () => found(/\bMEM(?:BER)?\s+(\d+)/),
    imei: () => found(/\bIMEI=(\d+)/),
    esn: () => found(/\bESN=([0-9A-Z-]+)/),
  };
  const out: Record<string, string | number> = {};
  for (const key of (keys ?? "").split(/[,;\s]+/).filter(Boolean)) {
    const value = known[key.toLowerCase()]?.();
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out;
}

export function wsBody(route: WsRoute, msg: OutgoingMessage): {
  body: Uint8Array;
  contentType: string;
} {
  const text = asText(msg.body);
  const keys = messageKeys(route.keys, msg, text);
  const format = (route.format ?? "JSON").toUpperCase();
  const fields = {
    id: msg.id,
    tgid: msg.tgidId,
    dnid: msg.dnid,
    les: msg.les,
    protocol: msg.protocol,
    storedAt: msg.storedAt.toISOString(),
  };
  if (format !== "XML" && format !== "SOAP") {
    const json = {
      ...fields,
      ...(route.namespace && { namespace: route.namespace }),
      ...(Object.keys(keys).length && { keys }),
      contentType: msg.contentType,
      ...(text === null ? { contentBase64: base64(msg.body) } : { content: text }),
    };
    return { body: encoder.encode(JSON.stringify(json)), contentType: "application/json" };
  }
  const attr = (k: string, v: unknown) =>
    v === null || v === undefined ? "" : ` ${k}="${xmlEscape(String(v))}"`;
  const ns = route.namespace ? ` xmlns="${xmlEscape(route.namespace)}"` : "";
  const keyElements = Object.entries(keys)
    .map(([k, v]) => `<key name="${xmlEscape(k)}">${xmlEscape(String(v))}</key>`).join("");
  const content = text === null
    ? `<content encoding="base64">${base64(msg.body)}</content>`
    : `<content>${xmlEscape(text)}</content>`;
  const xml = `<message${ns}${Object.entries(fields).map(([k, v]) => attr(k, v)).join("")}${
    attr("contentType", msg.contentType)
  }>${keyElements}${content}</message>`;
  if (format === "XML") {
    return {
      body: encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`),
      contentType: "application/xml; charset=utf-8",
    };
  }
  const soap = `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">` +
    `<soap:Body>${xml}</soap:Body></soap:Envelope>\n`;
  return { body: encoder.encode(soap), contentType: "text/xml; charset=utf-8" };
}

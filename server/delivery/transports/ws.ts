/**
 * Web service delivery: an HTTP(S) POST of the message to the route's URL, in the route's format
 * (body.ts). The connection goes to the address the egress policy checked (no second lookup);
 * the Host header and the TLS server name stay the URL's host, and the certificate is checked
 * only when the destination's SSL-check flag is on. 2xx is delivered; 408, 429 and 5xx are
 * failures to retry; any other status is the destination refusing the message for good.
 */
import http from "node:http";
import https from "node:https";
import type { wsRoutes } from "../../../db/schema/mod.ts";
import type { OutgoingMessage, TransportContext, TransportResult } from "../types.ts";
import { admit, deadline, endpoint, networkError, seconds } from "./dial.ts";
import { wsBody } from "./ws_body.ts";

type WsRoute = typeof wsRoutes.$inferSelect;

/** Statuses worth another try: timeouts, rate limits, server errors. */
const transientStatus = (status: number) => status === 408 || status === 429 || status >= 500;

/** Reads at most this much of an error answer into the attempt's error. */
const ERROR_BODY_CHARS = 200;

export class WsTransport {
  async deliver(
    route: WsRoute,
    target: "primary" | "backup" | "relay",
    address: string,
    msg: OutgoingMessage,
    ctx: TransportContext,
  ): Promise<TransportResult> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return { outcome: "rejected", error: `${address} is not a URL` };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      return { outcome: "rejected", error: `${address} is not an http:// or https:// URL` };
    }
    const secure = url.protocol === "https:";
    const port = Number(url.port) || (secure ? 443 : 80);
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const admitted = await admit(host, port, ctx.egress);
    if (!admitted.ok) return { outcome: "refused", error: admitted.error };
    const where = endpoint(admitted.ip, port);
    const sslCheck = target === "backup" ? route.wsSecondarySslCheck : route.wsPrimarySslCheck;
    const { body, contentType } = wsBody(route, msg);
    const headers: Record<string, string> = {
      "Content-Type": contentType,
      "Content-Length": String(body.byteLength),
      "X-Message-Id": String(msg.id),
      "Idempotency-Key": String(msg.id),
      Host: url.host,
    };
    if (route.token) headers.Authorization = `Bearer ${route.token}`;
    if ((route.format ?? "").toUpperCase() === "SOAP") headers.SOAPAction = '""';

    let request: http.ClientRequest | undefined;
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const options = {
        host: admitted.ip,
        port,
        method: "POST",
        path: `${url.pathname}${url.search}`,
        headers,
        ...(secure && {
          servername: /^[\d.]+$|:/.test(host) ? undefined : host,
          rejectUnauthorized: sslCheck,
        }),
      };
      request = (secure ? https : http).request(options, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < ERROR_BODY_CHARS) text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        response.on("error", reject);
      });
      request.on("error", reject);
      request.end(body);
    });
    try {
      const { status, text } = await deadline(
        answer,
        ctx.timeoutMs,
        `${url.host} did not answer within ${seconds(ctx.timeoutMs)}`,
        ctx.signal,
        () => request?.destroy(),
      );
      if (status >= 200 && status < 300) return { outcome: "delivered", detail: `HTTP ${status}` };
      const error = `HTTP ${status} from ${url.host}${
        text.trim() ? `: ${text.trim().slice(0, ERROR_BODY_CHARS)}` : ""
      }`;
      return { outcome: transientStatus(status) ? "failed" : "rejected", error };
    } catch (e) {
      const err = e as { code?: string; message?: string };
      if (err.code && /CERT|SELF_SIGNED|TLS|SSL/.test(err.code)) {
        return { outcome: "failed", error: `TLS check of ${url.host} failed: ${err.message}` };
      }
      return {
        outcome: "failed",
        error: e instanceof Error && !err.code ? e.message : networkError(e, where),
      };
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

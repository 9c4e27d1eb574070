/**
 * The HTTP sink: a web service endpoint on 127.0.0.1 (HTTPS when given a certificate) that
 * records every POST (the body, the id from X-Message-Id; meta: path, content type,
 * authorization) and answers `status` (200 by default; 400 or 500 for the refusal tests).
 */
import type { Received, Sink } from "./mod.ts";

export function startHttpSink(
  opts: { port?: number; tls?: { cert: string; key: string }; status?: number } = {},
): Promise<Sink> {
  const received: Received[] = [];
  const status = opts.status ?? 200;
  return new Promise((resolve) => {
    const server = Deno.serve({
      hostname: "127.0.0.1",
      port: opts.port ?? 0,
      ...(opts.tls ?? {}),
      onListen: ({ port }) =>
        resolve({ kind: "http", port, received, close: () => server.shutdown() }),
    }, async (request) => {
      if (request.method !== "POST") return new Response("POST only", { status: 405 });
      const body = new Uint8Array(await request.arrayBuffer());
      received.push({
        id: Number(request.headers.get("x-message-id") ?? NaN),
        body,
        at: new Date(),
        meta: {
          path: new URL(request.url).pathname,
          contentType: request.headers.get("content-type") ?? "",
          authorization: request.headers.get("authorization") ?? "",
        },
      });
      return new Response(status < 300 ? "received" : `sink answers ${status}`, { status });
    });
  });
}

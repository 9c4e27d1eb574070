/** The TCP sink: reads frames (frame.ts) on every connection; and a sink that never reads. */
import { FrameDecoder } from "../frame.ts";
import type { Received, Sink } from "./mod.ts";

/** Accepts connections on 127.0.0.1 and serves each with `serve` until closed. */
function listen(
  port: number,
  hostname: string,
  serve: (conn: Deno.TcpConn) => Promise<void>,
): { port: number; close(): Promise<void> } {
  const listener = Deno.listen({ hostname, port, transport: "tcp" });
  const conns = new Set<Deno.TcpConn>();
  const served = new Set<Promise<void>>();
  const accepting = (async () => {
    for await (const conn of listener) {
      conns.add(conn);
      const done = serve(conn).catch(() => {}).finally(() => {
        conns.delete(conn);
        served.delete(done);
        try {
          conn.close();
        } catch { /* already closed */ }
      });
      served.add(done);
    }
  })().catch(() => {});
  return {
    port: listener.addr.port,
    async close() {
      listener.close();
      await accepting;
      for (const conn of conns) {
        try {
          conn.close();
        } catch { /* already closed */ }
      }
      await Promise.all(served);
    },
  };
}

/** Records every frame it receives: the frame's id and payload, meta.peer the sender. */
export function startTcpSink(opts: { port?: number; hostname?: string } = {}): Promise<Sink> {
  const received: Received[] = [];
  const server = listen(opts.port ?? 0, opts.hostname ?? "127.0.0.1", async (conn) => {
    const decoder = new FrameDecoder();
    const peer = `${conn.remoteAddr.hostname}:${conn.remoteAddr.port}`;
    for await (const chunk of conn.readable) {
      const at = new Date();
      for (const frame of decoder.push(chunk)) received.push({ ...frame, at, meta: { peer } });
    }
  });
  return Promise.resolve({ kind: "tcp", port: server.port, received, close: server.close });
}

/**
 * A hostile receiver: accepts connections and never reads or answers, so a sender's writes stall
 * once the socket buffers are full. `received` stays empty.
 */
export function startHangingSink(opts: { port?: number } = {}): Promise<Sink> {
  const server = listen(opts.port ?? 0, "127.0.0.1", (conn) => {
    // Held open until the sink closes (close() closes the connection, ending this wait).
    return new Promise<void>((resolve) => hanging.set(conn, resolve));
  });
  const hanging = new Map<Deno.TcpConn, () => void>();
  return Promise.resolve({
    kind: "tcp",
    port: server.port,
    received: [],
    async close() {
      for (const resolve of hanging.values()) resolve();
      await server.close();
    },
  });
}

/**
 * The transports, one per route kind, behind one `deliver` call. The engine hands each attempt
 * here with the destination string as stored on the route; every transport checks the egress
 * policy (egress.ts) before it dials, except SMTP's relay (operator configuration).
 */
import type { ftpRoutes, smtpRoutes, tcpRoutes, wsRoutes } from "../../../db/schema/mod.ts";
import type { OutgoingMessage, TransportContext, TransportResult } from "../types.ts";
import { TcpTransport } from "./tcp.ts";
import { FtpTransport } from "./ftp.ts";
import { WsTransport } from "./ws.ts";
import { SmtpTransport } from "./smtp.ts";

export type RouteRow =
  | { kind: "tcp"; row: typeof tcpRoutes.$inferSelect }
  | { kind: "ftp"; row: typeof ftpRoutes.$inferSelect }
  | { kind: "ws"; row: typeof wsRoutes.$inferSelect }
  | { kind: "smtp"; row: typeof smtpRoutes.$inferSelect };

export interface Transports {
  /** One attempt to one destination. `address` is the destination string as stored on the route
   *  (tcp host:port; ftp address; ws URL; smtp: the route's emailMaster — the transport adds the
   *  route's emailSecondary as copies and sends through the relay). */
  deliver(
    route: RouteRow,
    target: "primary" | "backup" | "relay",
    address: string,
    msg: OutgoingMessage,
    ctx: TransportContext,
  ): Promise<TransportResult>;
  /**
   * Several messages to one destination at once, each one's result in order (the batched round:
   * round_batch.ts). Only TCP routes are delivered this way; absent, every message goes alone.
   */
  deliverMany?(
    route: RouteRow,
    target: "primary" | "backup",
    address: string,
    msgs: readonly OutgoingMessage[],
    ctx: TransportContext,
  ): Promise<TransportResult[]>;
  close(): Promise<void>;
}

export function createTransports(opts: {
  smtpRelay: string;
  smtpFrom: string;
  ftpUser: string;
  ftpPassword: string;
  /** Pooled TCP connections per destination (DELIVERY_PER_DESTINATION), 8 by default. */
  perDestination?: number;
}): Transports {
  const tcp = new TcpTransport(opts.perDestination ?? 8);
  const ftp = new FtpTransport(opts.ftpUser, opts.ftpPassword);
  const ws = new WsTransport();
  const smtp = new SmtpTransport(opts.smtpRelay, opts.smtpFrom);
  return {
    async deliver(route, target, address, msg, ctx) {
      if (ctx.signal.aborted) return { outcome: "failed", error: "Delivery stopped" };
      try {
        switch (route.kind) {
          case "tcp":
            return await tcp.deliver(address, msg, ctx);
          case "ftp":
            return await ftp.deliver(route.row, address, msg, ctx);
          case "ws":
            return await ws.deliver(route.row, target, address, msg, ctx);
          case "smtp":
            return await smtp.deliver(route.row, address, msg, ctx);
        }
      } catch (e) {
        // A transport answers its own failures; anything else is a bug, kept as a failed attempt.
        return { outcome: "failed", error: `Unexpected error: ${(e as Error).message}` };
      }
    },
    async deliverMany(route, target, address, msgs, ctx) {
      if (route.kind !== "tcp") {
        return await Promise.all(msgs.map((msg) => this.deliver(route, target, address, msg, ctx)));
      }
      if (ctx.signal.aborted) {
        return msgs.map(() => ({ outcome: "failed", error: "Delivery stopped" }));
      }
      return await tcp.deliverMany(address, msgs, ctx);
    },
    async close() {
      await Promise.all([tcp.close(), ftp.close(), ws.close(), smtp.close()]);
    },
  };
}

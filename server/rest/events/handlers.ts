import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { ApiError } from "../../errors.ts";
import { requestToken } from "../../auth/access.ts";
import { verifyToken } from "../../auth/token.ts";
import type { EventStream } from "../../services/events/stream.ts";

const UNAVAILABLE = "Live updates are unavailable on this server now; refresh by polling";

export const handlers: Handlers<typeof routes> = {
  stream: async (c) => {
    const { events, keys } = c.var.deps;
    const token = requestToken(c)!;
    const claims = await verifyToken(keys, token);
    const lastEventId = c.req.valid("header")["last-event-id"] ?? c.req.valid("query").since;
    // The guard resolved the token, so it verifies; its expiry ends the stream.
    if (!claims) throw new ApiError(503, UNAVAILABLE);
    let stream: EventStream | null;
    try {
      stream = await events.open({
        user: c.var.user,
        token,
        expiresAtMs: claims.expiresAtMs,
        lastEventId,
      });
    } catch (e) {
      console.error("events: cannot listen to the database:", e instanceof Error ? e.message : e);
      stream = null;
    }
    if (!stream) throw new ApiError(503, UNAVAILABLE);
    return c.body(stream.body, 200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      // Proxies that buffer responses (nginx) pass this one through as it comes.
      "x-accel-buffering": "no",
    });
  },
};

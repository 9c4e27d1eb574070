import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/deno";
import type { AppEnv } from "../router.ts";

/** The caller's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export const clientIp: MiddlewareHandler<AppEnv> = async (c, next) => {
  const forwarded = c.var.deps.config.TRUST_PROXY
    ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim()
    : undefined;
  let ip = forwarded;
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address;
    } catch {
      ip = undefined; // in-process requests (tests) have no socket
    }
  }
  c.set("clientIp", ip || "local");
  await next();
};

/**
 * The host a route destination names, read as its transport reads it: tcp `host:port`, ftp
 * `ftp://host[:port]/path` or `host[:port]/path`, ws an http(s) URL. Null when malformed.
 */
import { parseHostPort } from "./transports/dial.ts";
import { parseFtpAddress } from "./transports/ftp.ts";

export type DialledRouteKind = "tcp" | "ftp" | "ws";

export function destinationHost(kind: DialledRouteKind, address: string): string | null {
  switch (kind) {
    case "tcp":
      return parseHostPort(address)?.host ?? null;
    case "ftp":
      return parseFtpAddress(address)?.host ?? null;
    case "ws":
      try {
        return new URL(address).hostname.replace(/^\[(.*)\]$/, "$1") || null;
      } catch {
        return null;
      }
  }
}

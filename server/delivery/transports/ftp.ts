/**
 * FTP delivery with basic-ftp: the payload is uploaded as `<path>/<id>.<ext>` on the route's
 * server (ftp://host[:port][/path] or host[:port][/path], port 21 by default), first under a
 * temporary name then renamed, so a receiver never picks up half a file. The login is FTP_USER /
 * FTP_PASSWORD (the routes carry none; anonymous by default). basic-ftp speaks passive mode only:
 * a route set to Active (ftp_Type 0) is delivered in passive mode and the attempt says so. With
 * checkDelivery (ftp_Verif 1) the uploaded size is read back: a difference is "corrupted".
 * Replies 530 (login), 550 and 553 (permission, name) are refusals for good; anything else,
 * including timeouts, is a failure to retry.
 */
import { Readable } from "node:stream";
import { Client } from "basic-ftp";
import type { ftpRoutes } from "../../../db/schema/mod.ts";
import type { OutgoingMessage, TransportContext, TransportResult } from "../types.ts";
import { admit, deadline, endpoint, networkError, seconds } from "./dial.ts";

type FtpRoute = typeof ftpRoutes.$inferSelect;

/** The server and folder of an FTP destination; null when malformed. */
export function parseFtpAddress(
  address: string,
): { host: string; port: number; dir: string } | null {
  const match = /^(?:ftp:\/\/)?([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?(\/.*)?$/
    .exec(address.trim());
  if (!match) return null;
  const port = match[2] ? Number(match[2]) : 21;
  if (port < 1 || port > 65535) return null;
  return { host: match[1].replace(/^\[(.*)\]$/, "$1"), port, dir: match[3] || "/" };
}

/** FTP replies that refuse the message for good. */
const PERMANENT = new Set([530, 550, 553]);

export class FtpTransport {
  constructor(private user: string, private password: string) {}

  async deliver(
    route: FtpRoute,
    address: string,
    msg: OutgoingMessage,
    ctx: TransportContext,
  ): Promise<TransportResult> {
    const target = parseFtpAddress(address);
    if (!target) return { outcome: "rejected", error: `${address} is not an FTP address` };
    const admitted = await admit(target.host, target.port, ctx.egress);
    if (!admitted.ok) return { outcome: "refused", error: admitted.error };
    const where = endpoint(admitted.ip, target.port);
    const client = new Client(ctx.timeoutMs);
    const name = `${msg.id}.${msg.extension}`;
    const part = `.${name}.part`;
    const upload = async () => {
      await client.access({
        host: admitted.ip,
        port: target.port,
        user: this.user,
        password: this.password,
      });
      await client.ensureDir(target.dir);
      await client.uploadFrom(Readable.from([msg.body]), part);
      await client.rename(part, name);
      if (route.ftpVerif === 1) {
        const size = await client.size(name);
        if (size !== msg.body.byteLength) {
          return {
            outcome: "corrupted" as const,
            error:
              `Uploaded file size mismatch (expected ${msg.body.byteLength} bytes, got ${size})`,
          };
        }
      }
      const mode = route.ftpType === 0 ? " (Active mode requested; delivered in passive mode)" : "";
      return { outcome: "delivered" as const, detail: `${target.dir}/${name}${mode}` };
    };
    try {
      return await deadline(
        upload(),
        // Connect, login, folder, upload, rename and check each have the timeout in basic-ftp.
        ctx.timeoutMs * 4,
        `FTP delivery to ${where} did not finish within ${seconds(ctx.timeoutMs * 4)}`,
        ctx.signal,
        () => client.close(),
      );
    } catch (e) {
      const err = e as { code?: number | string; message?: string };
      if (typeof err.code === "number") {
        return {
          outcome: PERMANENT.has(err.code) ? "rejected" : "failed",
          error: `${err.message ?? err.code} (${where})`,
        };
      }
      const message = err.message ?? "";
      return {
        outcome: "failed",
        error: /timeout|timed out|did not finish/i.test(message) && !err.code
          ? message
          : networkError(e, where),
      };
    } finally {
      client.close();
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The SMTP sink: a real SMTP server (smtp-server) on 127.0.0.1 that accepts every e-mail without
 * authentication or TLS and records it whole (the raw message as body, the id from its
 * X-Message-Id header; meta: from, to, subject). `reject` makes it refuse recipients with that
 * reply code (550: for good, 451: try later), for the tests of relay refusals. With `dir` each
 * e-mail is also written there, as `<dir>/<recipient>/<time>-<n>.eml` for each recipient: the
 * demo's catcher keeps them in DATA_DIR/mail-sink, where the set-password e-mails are read (a
 * single-part quoted-printable e-mail is kept decoded, so its link reads whole in any editor).
 */
// @ts-types="@types/smtp-server"
import { SMTPServer } from "smtp-server";
import { join } from "node:path";
import type { Received, Sink } from "./mod.ts";

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(raw)?.[1]
    ?.replace(/\r?\n[ \t]+/g, " ").trim();

/** A recipient's folder name: the address, lower-cased, with nothing that leaves the folder. */
export const mailFolder = (address: string) =>
  address.toLowerCase().replace(/[^a-z0-9@._+-]/g, "_").replace(/^\./, "_") || "_";

/**
 * The e-mail as kept on disk: a single-part quoted-printable one decoded (8bit, soft line breaks
 * joined: a link is whole again), anything else as received.
 */
export function readable(raw: Uint8Array): Uint8Array {
  const text = new TextDecoder().decode(raw);
  const split = /\r?\n\r?\n/.exec(text);
  if (!split) return raw;
  const head = text.slice(0, split.index);
  if (
    /^content-type:\s*multipart\//im.test(head) ||
    !/^content-transfer-encoding:\s*quoted-printable\s*$/im.test(head)
  ) return raw;
  const body = text.slice(split.index + split[0].length).replace(/=\r?\n/g, "");
  // =XX is a byte; everything else stands for itself (quoted-printable text is ASCII).
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const hex = body[i] === "=" ? /^[0-9A-Fa-f]{2}$/.exec(body.slice(i + 1, i + 3)) : null;
    bytes.push(hex ? parseInt(hex[0], 16) : body.charCodeAt(i) & 0xff);
    if (hex) i += 2;
  }
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return raw; // not UTF-8 inside: keep it as it came
  }
  const eightBit = head.replace(
    /^content-transfer-encoding:.*$/im,
    "Content-Transfer-Encoding: 8bit",
  );
  return new TextEncoder().encode(`${eightBit}${split[0]}${decoded}`);
}

/** Writes a caught e-mail into each recipient's folder under `dir`. */
async function keep(dir: string, recipients: string[], raw: Uint8Array, n: number) {
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${n}.eml`;
  const body = readable(raw);
  for (const to of recipients) {
    const folder = join(dir, mailFolder(to));
    await Deno.mkdir(folder, { recursive: true });
    await Deno.writeFile(join(folder, name), body);
  }
}

export async function startSmtpSink(
  opts: { port?: number; reject?: number; dir?: string } = {},
): Promise<Sink> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!opts.reject) return callback();
      const error = Object.assign(
        new Error(`Recipient ${address.address} refused by the sink`),
        { responseCode: opts.reject },
      );
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (chunk: Uint8Array) => chunks.push(chunk));
      stream.on("end", () => {
        const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let offset = 0;
        for (const c of chunks) body.set(c, (offset += c.length) - c.length);
        const raw = new TextDecoder().decode(body);
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const kept = opts.dir
          ? keep(opts.dir, recipients, body, received.length).catch(() => {})
          : Promise.resolve();
        received.push({
          id: Number(header(raw, "X-Message-Id") ?? NaN),
          body,
          at: new Date(),
          meta: {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: recipients.join(","),
            subject: header(raw, "Subject") ?? "",
          },
        });
        // Answered once it is on disk: whoever sent it can read it there at once.
        kept.then(() => callback());
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    kind: "smtp",
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

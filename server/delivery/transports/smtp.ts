/**
 * SMTP delivery: one e-mail per message through the operator's relay (SMTP_RELAY host:port,
 * SMTP_FROM the sender), to the route's email_Master with its email_Secondary as copies. The
 * relay is operator configuration, not a customer destination: the egress policy does not apply.
 * The route's Encoding decides how the payload travels (SMTP_FORMATS): Mime64 a base64
 * attachment `<id>.<ext>`, Uuencode the uuencoded payload as the body, Uuinline the route's body
 * text then the uuencoded payload, Txt (or anything else) the payload as plain text. The route's
 * Body text comes first, its Signature last (after "-- "). Subject: the route's Subject and the
 * message id ("DR_Viz 1234"), or "Message 1234". Message-ID `<push-<id>@<host>>` and X-Message-Id
 * stay the same on every retry. Relay answers: 2xx delivered, 4xx retried, 5xx rejected.
 */
// @ts-types="@types/nodemailer"
import nodemailer from "nodemailer";
import { Buffer } from "node:buffer";
import type { smtpRoutes } from "../../../db/schema/mod.ts";
import type { OutgoingMessage, TransportContext, TransportResult } from "../types.ts";
import { deadline, parseHostPort, seconds } from "./dial.ts";
import { uuencode } from "./uuencode.ts";

type SmtpRoute = typeof smtpRoutes.$inferSelect;
type Mail = Parameters<nodemailer.Transporter["sendMail"]>[0];

const decoder = new TextDecoder();

/** The e-mail of one message (pure: the SMTP tests check it field by field). */
function smtpMail(route: SmtpRoute, address: string, msg: OutgoingMessage, from: string) {
  const name = `${msg.id}.${msg.extension}`;
  const encoding = (route.encoding ?? "").trim().toLowerCase();
  const parts: string[] = [];
  if (route.body && encoding !== "uuencode") parts.push(route.body);
  const mail: Mail = {
    from,
    to: address,
    cc: (route.emailSecondary ?? "").split(",").map((a) => a.trim()).filter(Boolean),
    subject: route.subject?.trim() ? `${route.subject.trim()} ${msg.id}` : `Message ${msg.id}`,
    messageId: `<push-${msg.id}@${from.split("@")[1] || "portal"}>`,
    headers: { "X-Message-Id": String(msg.id) },
  };
  if (encoding === "mime64") {
    mail.attachments = [{
      filename: name,
      content: Buffer.from(msg.body),
      contentType: msg.contentType,
    }];
  } else if (encoding === "uuencode" || encoding === "uuinline") {
    parts.push(uuencode(msg.body, name));
  } else {
    parts.push(decoder.decode(msg.body));
  }
  if (route.signature) parts.push(`-- \n${route.signature}`);
  mail.text = parts.join("\n\n");
  return mail;
}

export class SmtpTransport {
  #transporter: nodemailer.Transporter | null = null;
  #from: string;

  constructor(private relay: string, from: string) {
    this.#from = from || "push@localhost";
  }

  async deliver(
    route: SmtpRoute,
    address: string,
    msg: OutgoingMessage,
    ctx: TransportContext,
  ): Promise<TransportResult> {
    const relay = parseHostPort(this.relay);
    if (!relay) {
      return {
        outcome: "refused",
        error: this.relay
          ? `SMTP_RELAY ${this.relay} is not host:port`
          : "No SMTP relay is configured (SMTP_RELAY)",
      };
    }
    this.#transporter ??= nodemailer.createTransport({
      host: relay.host,
      port: relay.port,
      secure: false,
      pool: true,
      maxConnections: 4,
      connectionTimeout: ctx.timeoutMs,
      greetingTimeout: ctx.timeoutMs,
      socketTimeout: ctx.timeoutMs,
    });
    const transporter = this.#transporter;
    try {
      const info = await deadline(
        transporter.sendMail(smtpMail(route, address, msg, this.#from)),
        // Connect, greeting and the transaction each have the timeout; the whole is bounded too.
        ctx.timeoutMs * 3,
        `The SMTP relay ${this.relay} did not answer within ${seconds(ctx.timeoutMs * 3)}`,
        ctx.signal,
      );
      return { outcome: "delivered", detail: String(info.response ?? "").slice(0, 200) };
    } catch (e) {
      const err = e as { responseCode?: number; response?: string; message?: string };
      const code = err.responseCode ?? 0;
      const error = (err.response ?? err.message ?? "SMTP delivery failed").slice(0, 500);
      return { outcome: code >= 500 && code < 600 ? "rejected" : "failed", error };
    }
  }

  close(): Promise<void> {
    this.#transporter?.close();
    this.#transporter = null;
    return Promise.resolve();
  }
}

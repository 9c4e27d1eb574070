/**
 * The set-password e-mail (docs/decisions/0008, "Set-password links by e-mail"): on create and
 * on reset, when SMTP_RELAY is configured, the link goes to the user's mail through the relay
 * (nodemailer, as SMTP routes deliver; the demo's relay is its SMTP catcher). The answer then
 * says so and leaves the link out: it reaches the user only. Without a relay, or when the relay
 * refuses or cannot be reached, the answer carries the link for the administrator to hand over,
 * with the failure. The token is in the e-mail and in that answer only: never logged.
 */
// @ts-types="@types/nodemailer"
import nodemailer from "nodemailer";
import { PRODUCT } from "../../../openapi/enums.ts";
import type { SetPasswordLink } from "../../../openapi/schemas/users/users.ts";
import type { Config } from "../../config.ts";
import { deadline, parseHostPort, seconds } from "../../delivery/transports/dial.ts";
import { resetPath } from "./password_reset.ts";

/** Why the link is sent: a new account, or a reset by an administrator. */
export type LinkOccasion = "created" | "reset";

export interface IssuedLink {
  token: string;
  expiresAt: Date;
  user: { id: string; mail: string; firstName: string };
}

type MailConfig = Pick<Config, "SMTP_RELAY" | "SMTP_FROM" | "DELIVERY_TIMEOUT_MS" | "PUBLIC_URL">;

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The e-mail: who it goes to, the subject and the text with the absolute link. */
function linkMail(occasion: LinkOccasion, link: IssuedLink, url: string) {
  const greeting = link.user.firstName ? `Hello ${link.user.firstName},` : "Hello,";
  const what = occasion === "created"
    ? `An account ${link.user.id} has been created for you on the ${PRODUCT}.`
    : `An administrator has reset the password of your account ${link.user.id} on the ${PRODUCT}.`;
  return {
    to: link.user.mail,
    subject: occasion === "created"
      ? `Your ${PRODUCT} account: set your password`
      : `Your ${PRODUCT} password was reset: set a new one`,
    text: [
      greeting,
      "",
      what,
      `Set your password with this link. It works once, until ${utc(link.expiresAt)}:`,
      "",
      url,
      "",
      "If you did not expect this e-mail, ignore it: nothing changes until the link is used.",
    ].join("\n"),
  };
}

/** Sends through the relay; answers null when sent, else why not. */
async function send(config: MailConfig, mail: ReturnType<typeof linkMail>): Promise<string | null> {
  const relay = parseHostPort(config.SMTP_RELAY);
  if (!relay) return `SMTP_RELAY ${config.SMTP_RELAY} is not host:port`;
  const timeout = config.DELIVERY_TIMEOUT_MS;
  const transporter = nodemailer.createTransport({
    host: relay.host,
    port: relay.port,
    secure: false,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  try {
    await deadline(
      transporter.sendMail({ from: config.SMTP_FROM || "push@localhost", ...mail }),
      timeout * 3,
      `The SMTP relay ${config.SMTP_RELAY} did not answer within ${seconds(timeout * 3)}`,
    );
    return null;
  } catch (e) {
    const err = e as { response?: string; message?: string };
    return (err.response ?? err.message ?? "The e-mail could not be sent").slice(0, 300);
  } finally {
    transporter.close();
  }
}

/**
 * Mails the link when SMTP_RELAY is set (to `origin`'s reset page, or PUBLIC_URL's), and
 * answers what the administrator sees: the link itself unless it was mailed.
 */
export async function deliverLink(
  config: MailConfig,
  origin: string,
  occasion: LinkOccasion,
  link: IssuedLink,
): Promise<SetPasswordLink> {
  const path = resetPath(link.token);
  const answer = (mailError: string | null, mailed = false): SetPasswordLink => ({
    resetUrl: mailed ? null : path,
    expiresAt: link.expiresAt.toISOString(),
    mailed,
    mailedTo: config.SMTP_RELAY ? link.user.mail : null,
    mailError,
  });
  if (!config.SMTP_RELAY) return answer(null);
  const url = `${config.PUBLIC_URL ?? origin}${path}`;
  const error = await send(config, linkMail(occasion, link, url));
  return error === null ? answer(null, true) : answer(error);
}

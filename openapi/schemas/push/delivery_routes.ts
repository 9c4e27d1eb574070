/**
 * The delivery route calls (management-routing §3, §5, §7): addTcp/updateTcp, addFtp/updateFtp,
 * addWs/updateWs, addSmtp/updateSmtp, deleteTcp|Ftp|Ws|Smtp and lockDestination. Request fields
 * carry the spec's §3 names (Remise, Member_or_MobileNum, IP_Port_Tx_Primary, ftp_Primary, …)
 * and §7's for the fields it adds (mode, checkDelivery, keys, token, namespace, format,
 * emailMaster, …) — docs/decisions/0012-routing.md, "Delivery routes". Shared with the dialogs.
 */
import { z } from "zod";
import { CHECKED, CONVERSIONS, ROUTE_MODES } from "../../enums.ts";
import {
  bodyId,
  codeSchema,
  EMAIL_PATTERN,
  EMAIL_SOURCE,
  emailText,
  optionalText,
  queryId,
  requiredText,
  trimmedBlock,
} from "../common.ts";
import { formMessages } from "../messages.ts";
import { TgidChoiceSchema } from "../tgid/tgids.ts";
import {
  DESTINATION_LABELS,
  DESTINATION_PATTERNS,
  DESTINATION_TARGETS,
  emailList,
  ftpDestinationError,
  LOCKABLE_ROUTE_TYPES,
  normalizeEmails,
  ROUTE_MESSAGES,
  tcpDestinationError,
  wsDestinationError,
} from "./delivery_route_messages.ts";
import {
  FtpRouteRowSchema,
  SmtpRouteRowSchema,
  TcpRouteRowSchema,
  WsRouteRowSchema,
} from "./push_find.ts";

const DESTINATION_MAX = 255;
const TRANSMIT_FREQUENCY_MAX = 86_400;

/** An optional text: empty, null or left out all mean none (null). */
const optional = (label: string, max: number) =>
  z.union([optionalText(label, max), z.null()]).optional()
    .transform((v) => v ? v : null);

type Check = (value: string, label: string) => string | null;
/** A destination's check, and what the contract shows of it (its pattern, a format). */
interface Destination {
  check: Check;
  doc: { pattern: string; format?: string; description?: string };
}
const DESTINATIONS = {
  tcp: { check: tcpDestinationError, doc: { pattern: DESTINATION_PATTERNS.tcp } },
  ftp: { check: ftpDestinationError, doc: { pattern: DESTINATION_PATTERNS.ftp } },
  ws: {
    check: wsDestinationError,
    doc: {
      pattern: DESTINATION_PATTERNS.ws,
      format: "uri",
      description: "An http:// or https:// URL with a host, as a browser reads it (WHATWG URL: " +
        "a host ending in a number must be an IPv4 address, one in brackets an IPv6 address)",
    },
  },
} satisfies Record<string, Destination>;

const checked = (check: Check, label: string) => (v: string, ctx: z.RefinementCtx) => {
  const message = v ? check(v, label) : null;
  if (message) ctx.addIssue({ code: "custom", message });
};
const primary = ({ check, doc }: Destination, label: string) =>
  requiredText(label, DESTINATION_MAX).superRefine(checked(check, label)).meta(doc);
const secondary = ({ check, doc }: Destination, label: string) =>
  z.union([
    optionalText(label, DESTINATION_MAX).superRefine(checked(check, label))
      .meta({ ...doc, pattern: `^$|${doc.pattern}` }),
    z.null(),
  ]).optional().transform((v) => v ? v : null);

/** An up flag a form may set: 0 Inactive, 1 Active (locking is lockDestination's). */
const UP_CHOICES = { 0: "Inactive", 1: "Active" } as const;
const up = (which: string) =>
  codeSchema(UP_CHOICES, `${which} status`).optional().meta({
    description: `${which} destination: 0 Inactive, 1 Active. Add: primary 1, backup 1 when ` +
      "given (else 0). Update: left out keeps it; a locked destination stays locked.",
  });

const common = {
  Remise: bodyId("Tgid").meta({ description: "The tgid the route delivers for (must exist)" }),
  Member_or_MobileNum: optional("Member or mobile number", 64),
  API_Add: z.boolean().default(false),
  Conversion: codeSchema(CONVERSIONS, "Conversion").default(0),
  Follow_On: z.boolean().default(false),
  Transmit_Frequency: z.number({ error: formMessages.match("Transmit frequency") })
    .int(formMessages.match("Transmit frequency"))
    .min(0, formMessages.min("Transmit frequency", 0))
    .max(TRANSMIT_FREQUENCY_MAX, formMessages.max("Transmit frequency", TRANSMIT_FREQUENCY_MAX))
    .default(0).meta({ description: "Seconds" }),
};
const routeId = { id: bodyId("Route id") };

const tcpFields = {
  ...common,
  IP_Port_Tx_Primary: primary(DESTINATIONS.tcp, DESTINATION_LABELS.primary),
  IP_Port_Tx_Secondary: secondary(DESTINATIONS.tcp, DESTINATION_LABELS.backup),
  Tx_Primary_Up: up("Primary"),
  Tx_Secondary_Up: up("Backup"),
};
export const TcpRouteAddSchema = z.object(tcpFields).strict().meta({ id: "TcpRouteAdd" });
export const TcpRouteUpdateSchema = z.object({ ...routeId, ...tcpFields }).strict()
  .meta({ id: "TcpRouteUpdate" });

const ftpFields = {
  ...common,
  ftp_Primary: primary(DESTINATIONS.ftp, DESTINATION_LABELS.primary),
  ftp_Secondary: secondary(DESTINATIONS.ftp, DESTINATION_LABELS.backup),
  ftp_Primary_Up: up("Primary"),
  ftp_Secondary_Up: up("Backup"),
  mode: codeSchema(ROUTE_MODES, "Mode").default(1).meta({
    description: "ftp_Type: 1 Passive, 0 Active",
  }),
  checkDelivery: codeSchema(CHECKED, "Check delivery").default(0).meta({
    description: "ftp_Verif: 0 Unchecked, 1 Checked",
  }),
};
export const FtpRouteAddSchema = z.object(ftpFields).strict().meta({ id: "FtpRouteAdd" });
export const FtpRouteUpdateSchema = z.object({ ...routeId, ...ftpFields }).strict()
  .meta({ id: "FtpRouteUpdate" });

const wsFields = {
  ...common,
  ws_Primary: primary(DESTINATIONS.ws, DESTINATION_LABELS.primary),
  ws_Secondary: secondary(DESTINATIONS.ws, DESTINATION_LABELS.backup),
  ws_Primary_Up: up("Primary"),
  ws_Secondary_Up: up("Backup"),
  ws_Primary_SSL_Check: z.boolean().default(true),
  ws_Secondary_SSL_Check: z.boolean().default(true),
  keys: optional("Keys", 255),
  token: optional("Token", 255),
  namespace: optional("Namespace", 255),
  format: optional("Format", 32),
};
export const WsRouteAddSchema = z.object(wsFields).strict().meta({ id: "WsRouteAdd" });
export const WsRouteUpdateSchema = z.object({ ...routeId, ...wsFields }).strict()
  .meta({ id: "WsRouteUpdate" });

/**
 * The contract's form of the secondary e-mails: addresses separated by line breaks, commas or
 * semicolons, with spaces and tabs around them (normalizeEmails removes those, anywhere: the
 * server also takes them inside an address, and no-break spaces).
 */
const SEPARATORS = String.raw`[ \t\r\n,;]*`;
const EMAIL_LIST = new RegExp(
  String.raw`^${SEPARATORS}(?:${EMAIL_SOURCE}(?:[ \t]*[\r\n,;]${SEPARATORS}${EMAIL_SOURCE})*` +
    `${SEPARATORS})?$`,
);

/** Secondary e-mails: normalised (normalizeEmails), then every address must be valid. */
const SecondaryEmailsSchema = z.union([
  trimmedBlock("Secondary e-mails").max(2000, formMessages.maxLength("Secondary e-mails", 2000))
    .meta({ pattern: EMAIL_LIST.source }),
  z.null(),
]).optional()
  .transform((v) => normalizeEmails(v ?? ""))
  .superRefine((v, ctx) => {
    for (const address of emailList(v)) {
      if (!EMAIL_PATTERN.test(address)) {
        ctx.addIssue({ code: "custom", message: ROUTE_MESSAGES.secondaryEmail(address) });
        return;
      }
    }
  })
  .transform((v) => v || null)
  .meta({
    description: "Addresses separated by commas, semicolons or lines; spaces are removed, " +
      "doubled separators collapse, a trailing one is dropped",
  });

const smtpFields = {
  ...common,
  emailMaster: emailText(
    requiredText("Master e-mail", 255),
    ROUTE_MESSAGES.email("Master e-mail"),
  ),
  emailSecondary: SecondaryEmailsSchema,
  encoding: optional("Encoding", 64),
  signature: optional("Signature", 64),
  subject: optional("Subject", 255),
  body: optional("Body", 255),
};
export const SmtpRouteAddSchema = z.object(smtpFields).strict().meta({ id: "SmtpRouteAdd" });
export const SmtpRouteUpdateSchema = z.object({ ...routeId, ...smtpFields }).strict()
  .meta({ id: "SmtpRouteUpdate" });

export type TcpRouteAdd = z.input<typeof TcpRouteAddSchema>;
type TcpRouteUpdate = z.input<typeof TcpRouteUpdateSchema>;
export type FtpRouteAdd = z.input<typeof FtpRouteAddSchema>;
type FtpRouteUpdate = z.input<typeof FtpRouteUpdateSchema>;
export type WsRouteAdd = z.input<typeof WsRouteAddSchema>;
type WsRouteUpdate = z.input<typeof WsRouteUpdateSchema>;
export type SmtpRouteAdd = z.input<typeof SmtpRouteAddSchema>;
type SmtpRouteUpdate = z.input<typeof SmtpRouteUpdateSchema>;
export type TcpRouteInput = z.output<typeof TcpRouteAddSchema>;
export type FtpRouteInput = z.output<typeof FtpRouteAddSchema>;
export type WsRouteInput = z.output<typeof WsRouteAddSchema>;
export type SmtpRouteInput = z.output<typeof SmtpRouteAddSchema>;

const added = <T extends z.ZodType>(row: T, id: string) =>
  z.object({
    lastInsertId: z.number().int().meta({ description: "The new route's id" }),
    route: row,
  }).meta({ id });
export const TcpRouteAddedSchema = added(TcpRouteRowSchema, "TcpRouteAdded");
export const FtpRouteAddedSchema = added(FtpRouteRowSchema, "FtpRouteAdded");
export const WsRouteAddedSchema = added(WsRouteRowSchema, "WsRouteAdded");
export const SmtpRouteAddedSchema = added(SmtpRouteRowSchema, "SmtpRouteAdded");

/** `?id` of GET /rest/push/deleteTcp|deleteFtp|deleteWs|deleteSmtp. */
export const RouteIdQuerySchema = z.object({ id: queryId("Route id", "The route's id") });
export const RouteDeletedSchema = z.object({ id: z.number().int() }).meta({ id: "RouteDeleted" });

export const LockDestinationSchema = z.object({
  id: bodyId("Route id"),
  type: z.enum(LOCKABLE_ROUTE_TYPES, {
    error: `Type must be one of ${LOCKABLE_ROUTE_TYPES.join(", ")}`,
  }),
  target: z.enum(DESTINATION_TARGETS, {
    error: `Target must be one of ${DESTINATION_TARGETS.join(", ")}`,
  }),
  lock: z.boolean({ error: "Lock must be true (lock) or false (unlock)" }),
}).strict().meta({ id: "LockDestination" });
export type LockDestination = z.infer<typeof LockDestinationSchema>;

export const DestinationLockedSchema = z.object({
  id: z.number().int(),
  type: z.enum(LOCKABLE_ROUTE_TYPES),
  target: z.enum(DESTINATION_TARGETS),
  up: z.number().int().meta({ description: "The destination's up flag now (negative: locked)" }),
  locked: z.boolean(),
}).meta({ id: "DestinationLocked" });
export type DestinationLocked = z.infer<typeof DestinationLockedSchema>;

// ---- the dialogs' forms: the same schemas, the tgid picked, the numbers typed as text ----

/** A number typed in a form field: digits, then the request's own check. */
const typed = (label: string, then: z.ZodType<number, number>) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = String(v).trim();
    if (!/^\d{1,10}$/.test(text)) {
      ctx.addIssue({
        code: "custom",
        message: text ? formMessages.match(label) : formMessages.required(label),
      });
      return z.NEVER;
    }
    return Number(text);
  }).pipe(then);
const formNumbers = {
  /** The tgid picker's `{id, label}` ('Please, select a Tgid'); sent as its id. */
  Remise: TgidChoiceSchema.transform((t) => t.id).pipe(common.Remise),
  Transmit_Frequency: typed("Transmit frequency", common.Transmit_Frequency.unwrap()),
};
export const ROUTE_FORM_SCHEMAS = {
  tcp: TcpRouteAddSchema.extend(formNumbers),
  ftp: FtpRouteAddSchema.extend(formNumbers),
  ws: WsRouteAddSchema.extend(formNumbers),
  smtp: SmtpRouteAddSchema.extend(formNumbers),
};

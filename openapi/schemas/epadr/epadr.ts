/**
 * The EPADR robot's configuration (/management/epadr; issue 15): GET /rest/epadr/getConfig and
 * POST /rest/epadr/updateConfig, administrators only. One configuration: enabled, the source the
 * robot polls (0 SMTP: a mailbox; 1 FTP: a directory URL, credentials never stored here), the
 * poll interval in minutes (1–1440), the report format handed to routing (0 Raw, 1 CSV, 2 XML)
 * and the dnids it handles (none: every dnid).
 */
import { z } from "zod";
import {
  EPADR_MAX_DNIDS,
  EPADR_POLL_MAX,
  EPADR_POLL_MIN,
  EPADR_REPORT_FORMATS,
  ROBOT_TYPES,
} from "../../enums.ts";
import { codeSchema, CONTROL_RANGES, MAX_ID, optionalText } from "../common.ts";
import { EPADR_MESSAGES } from "./epadr_messages.ts";

export { dnidsText, EPADR_LABELS, EPADR_MESSAGES } from "./epadr_messages.ts";

const EPADR_ADDRESS_MAX = 300;

/** A mailbox: something@domain.tld, without blanks, control characters or a second @. */
const NOT_IN_MAILBOX = String.raw`[^\s@${CONTROL_RANGES}]`;
const MAILBOX = new RegExp(`^${NOT_IN_MAILBOX}+@${NOT_IN_MAILBOX}+\\.${NOT_IN_MAILBOX}+$`);
/**
 * An ftp://, ftps:// or sftp:// URL (any case) whose host follows at once, with no @ (so no user
 * or password) nor control character.
 */
const FTP_URL = new RegExp(
  String.raw`^(?:[Ff][Tt][Pp][Ss]?|[Ss][Ff][Tt][Pp])://[^\s@/?#\\${CONTROL_RANGES}]` +
    String.raw`[^@${CONTROL_RANGES}]*$`,
);

/** An FTP_URL a browser's URL parser (WHATWG) reads, with a host. */
const isFtpUrl = (v: string) => {
  if (!FTP_URL.test(v)) return false;
  try {
    const u = new URL(v);
    return u.hostname !== "" && u.username === "" && u.password === "";
  } catch {
    return false;
  }
};

const sourceError = (type: number) =>
  type === 1 ? EPADR_MESSAGES.sourceFtp : EPADR_MESSAGES.sourceSmtp;

const validSource = (type: number, address: string) =>
  type === 1 ? isFtpUrl(address) : MAILBOX.test(address);

const pollMinutes = z.number({ error: EPADR_MESSAGES.pollRange })
  .int(EPADR_MESSAGES.pollRange)
  .min(EPADR_POLL_MIN, EPADR_MESSAGES.pollRange)
  .max(EPADR_POLL_MAX, EPADR_MESSAGES.pollRange);

const dnidList = z.array(
  z.number({ error: EPADR_MESSAGES.dnids }).int(EPADR_MESSAGES.dnids).min(1, EPADR_MESSAGES.dnids)
    .max(MAX_ID, EPADR_MESSAGES.dnids),
  { error: EPADR_MESSAGES.dnids },
).max(EPADR_MAX_DNIDS, EPADR_MESSAGES.dnids)
  .transform((ds) => [...new Set(ds)].sort((a, b) => a - b));

/** The source must fit its type; an enabled robot needs one. */
const checkSource = (
  v: { enabled: boolean; sourceType: number; sourceAddress: string },
  ctx: z.RefinementCtx,
) => {
  if (v.sourceAddress === "") {
    if (v.enabled) {
      ctx.addIssue({
        code: "custom",
        path: ["sourceAddress"],
        message: EPADR_MESSAGES.sourceRequired,
      });
    }
  } else if (!validSource(v.sourceType, v.sourceAddress)) {
    ctx.addIssue({ code: "custom", path: ["sourceAddress"], message: sourceError(v.sourceType) });
  }
};

const fields = {
  enabled: z.boolean({ error: "Enabled must be true or false" }),
  sourceType: codeSchema(ROBOT_TYPES, "Source type"),
  sourceAddress: optionalText("Source address", EPADR_ADDRESS_MAX).meta({
    description: "0 SMTP: the robot's mailbox (an e-mail address, the pattern's first form); " +
      "1 FTP: an ftp://, ftps:// or sftp:// directory URL without credentials (its second form) " +
      "that a browser's URL parser (WHATWG) reads with a host. Required while enabled.",
    pattern: `^(?:${MAILBOX.source.slice(1, -1)}|${FTP_URL.source.slice(1, -1)})?$`,
  }),
  pollMinutes: pollMinutes.meta({
    description: `Minutes between two polls of the source, ${EPADR_POLL_MIN}–${EPADR_POLL_MAX}`,
  }),
  reportFormat: codeSchema(EPADR_REPORT_FORMATS, "Report format"),
};

export const EpadrConfigUpdateSchema = z.object({
  ...fields,
  dnids: dnidList.meta({
    description: `The dnids the robot handles, at most ${EPADR_MAX_DNIDS}; empty: every dnid`,
  }),
}).strict().superRefine(checkSource).meta({ id: "EpadrConfigUpdate" });
export type EpadrConfigUpdate = z.output<typeof EpadrConfigUpdateSchema>;
export type EpadrConfigUpdateBody = z.input<typeof EpadrConfigUpdateSchema>;

/**
 * The edit dialog's form: the poll interval as typed, the dnids as "all" (or empty) or numbers
 * separated by commas or spaces; the same rules as the call.
 */
export const EpadrConfigFormSchema = z.object({
  ...fields,
  sourceType: z.union([z.literal(0), z.literal(1)]),
  reportFormat: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  pollMinutes: z.string().trim().regex(/^\d{1,5}$/, EPADR_MESSAGES.pollRange)
    .transform(Number).pipe(pollMinutes),
  dnids: z.string().trim().transform((v, ctx) => {
    if (v === "" || v.toLowerCase() === "all") return [];
    const parts = v.split(/[\s,;]+/).filter(Boolean);
    if (!parts.every((p) => /^\d{1,10}$/.test(p))) {
      ctx.addIssue({ code: "custom", message: EPADR_MESSAGES.dnids });
      return z.NEVER;
    }
    return parts.map(Number);
  }).pipe(dnidList),
}).superRefine(checkSource);
export type EpadrConfigForm = z.input<typeof EpadrConfigFormSchema>;

export const EpadrConfigSchema = z.object({
  enabled: z.boolean(),
  sourceType: codeSchema(ROBOT_TYPES, "Source type"),
  sourceAddress: z.string(),
  pollMinutes: z.number().int(),
  reportFormat: codeSchema(EPADR_REPORT_FORMATS, "Report format"),
  dnids: z.array(z.number().int()).meta({ description: "Empty: every dnid" }),
  updatedAt: z.string().nullable().meta({
    format: "date-time",
    description: "The last save; null: never saved (the defaults)",
  }),
  updatedBy: z.string().nullable().meta({ description: "Who saved it last (user id)" }),
}).meta({ id: "EpadrConfig", description: "The EPADR robot's configuration" });
export type EpadrConfig = z.infer<typeof EpadrConfigSchema>;

/**
 * Push processes (management-routing §3, §5, §7): addProcess, updateProcess, deleteProcess,
 * getProcess and all under /rest/push, shared by the server and the process dialogs (which
 * validate with the same schemas before sending). A process's row is find's `ProcessRow`.
 */
import { z } from "zod";
import {
  PROCESS_DEFAULTS,
  PROCESS_MAX_SPARE_MAX,
  PROCESS_MIN_SPARE_MAX,
  PROCESS_MODES,
} from "../../enums.ts";
import { formMessages } from "../messages.ts";
import { bodyId, optionalText, queryId, requiredText, trimmedLine } from "../common.ts";
import {
  PROCESS_HOSTNAME_MAX,
  PROCESS_LABELS as L,
  PROCESS_MESSAGES,
  PROCESS_PORT_MAX,
  PROCESS_PROTOCOL_MAX,
} from "./push_process_messages.ts";
import { ProcessRowSchema } from "./push_find.ts";

export * from "./push_process_messages.ts";

// ---- fields ----

/** A number 0–255 of 1 to 3 digits. */
const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|[01]?\d?\d)`;
const IPV4 = `${OCTET}(?:\\.${OCTET}){3}`;
/** A label: letters, digits and inner hyphens, at most 63 characters. */
const HOST_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
/** A label that starts with a letter: with one, a host name is never read as an IPv4 address. */
const NAME_LABEL = "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
/** Dot-separated labels, one starting with a letter; or an IPv4 address. */
const HOST_OR_IPV4 = new RegExp(
  `^(?:(?:${HOST_LABEL}\\.)*${NAME_LABEL}(?:\\.${HOST_LABEL})*|${IPV4})$`,
);
const HOST_RULE = "A host name (dot-separated labels of letters, digits and inner hyphens, one " +
  `of them starting with a letter, at most ${PROCESS_HOSTNAME_MAX} characters) or an IPv4 ` +
  "address (four numbers 0–255)";

/** An IPv4 address (four numbers 0–255) or a host name (HOST_RULE). */
export const isHostOrIpv4 = (text: string) =>
  text.length <= PROCESS_HOSTNAME_MAX && HOST_OR_IPV4.test(text);

const hostname = requiredText(L.hostname, PROCESS_HOSTNAME_MAX)
  // Empty is "required" alone.
  .refine((v) => v === "" || isHostOrIpv4(v), { error: PROCESS_MESSAGES.hostname })
  .meta({
    description: HOST_RULE,
    pattern: HOST_OR_IPV4.source,
    example: PROCESS_DEFAULTS.hostname,
  });

const mode = z.enum(PROCESS_MODES, {
  error: `${L.mode} must be one of ${PROCESS_MODES.join(", ")}`,
}).meta({ description: `The delivery mode: ${PROCESS_MODES.join(", ")}` });

const spare = (label: string, max: number) =>
  z.number({ error: formMessages.match(label) }).int(formMessages.match(label))
    .min(0, formMessages.min(label, 0)).max(max, formMessages.max(label, max));
const minSpare = spare(L.min, PROCESS_MIN_SPARE_MAX)
  .meta({ description: `Minimum spare processes, 0 to ${PROCESS_MIN_SPARE_MAX}` });
const maxSpare = spare(L.max, PROCESS_MAX_SPARE_MAX)
  .meta({ description: `Maximum spare processes, 0 to ${PROCESS_MAX_SPARE_MAX}; at least min` });

const port = z.number({ error: formMessages.match(L.port) }).int(formMessages.match(L.port))
  .min(1, formMessages.min(L.port, 1)).max(
    PROCESS_PORT_MAX,
    formMessages.max(L.port, PROCESS_PORT_MAX),
  )
  .meta({ description: `1 to ${PROCESS_PORT_MAX}`, example: 5101 });

/** An optional text of a write: "" and null clear it (stored as null); omitted keeps it. */
const clearable = (text: z.ZodType<string, string>) =>
  z.union([text, z.null()]).optional()
    .transform((v) => v === undefined ? undefined : v ? v : null);

const ipFep = clearable(
  optionalText(L.ipFep, PROCESS_HOSTNAME_MAX)
    .refine((v) => v === "" || isHostOrIpv4(v), { error: PROCESS_MESSAGES.ipFep })
    .meta({ pattern: `^$|${HOST_OR_IPV4.source}` }),
).meta({ description: `The front-end processor; optional. ${HOST_RULE}` });

const protocol = clearable(optionalText(L.protocol, PROCESS_PROTOCOL_MAX))
  .meta({ description: "The delivery protocol (TCP, SMTP, FTP, WS, …); optional", example: "TCP" });

const team = z.union([bodyId(L.team), z.null()]).optional().meta({
  description: "The team (and through it the company) the process serves; null or omitted: none",
});

/** min ≤ max: minProcess on the min spare, maxProcess on the max spare. */
const spareOrder = (v: { min: number; max: number }, ctx: z.RefinementCtx) => {
  if (v.min <= v.max) return;
  ctx.addIssue({ code: "custom", path: ["min"], message: PROCESS_MESSAGES.minProcess(v.max) });
  ctx.addIssue({ code: "custom", path: ["max"], message: PROCESS_MESSAGES.maxProcess(v.min) });
};

// ---- writes ----

export const ProcessAddSchema = z.object({
  hostname: hostname.default(PROCESS_DEFAULTS.hostname),
  mode: mode.default(PROCESS_DEFAULTS.mode),
  port,
  min: minSpare.default(PROCESS_DEFAULTS.min),
  max: maxSpare.default(PROCESS_DEFAULTS.max),
  ipFep,
  team,
  protocol,
}).superRefine(spareOrder).meta({
  id: "ProcessAdd",
  description: `Defaults: hostname ${PROCESS_DEFAULTS.hostname}, mode ${PROCESS_DEFAULTS.mode}, ` +
    `min ${PROCESS_DEFAULTS.min}, max ${PROCESS_DEFAULTS.max}; min must not exceed max.`,
});
export type ProcessAdd = z.output<typeof ProcessAddSchema>;

export const ProcessUpdateSchema = z.object({
  id: bodyId(L.id),
  address: hostname.meta({
    description: `The hostname (the spec's name on update). ${HOST_RULE}`,
  }),
  delivery: mode.meta({ description: `The mode (the spec's name on update): ${PROCESS_MODES}` }),
  protocol,
  port,
  min: minSpare,
  max: maxSpare,
  ipFep,
  team: team.meta({ description: "The team; omitted keeps it, null clears it" }),
}).superRefine(spareOrder).meta({
  id: "ProcessUpdate",
  description: "Protocol, ipFep and team: omitted keeps, null or empty clears; min must not " +
    "exceed max.",
});
export type ProcessUpdate = z.output<typeof ProcessUpdateSchema>;

export const ProcessIdQuerySchema = z.object({ id: queryId("Id", "The push process's id") });

/**
 * Both process dialogs' form: the port as typed, the spare counts from their selects, the company
 * only to choose the team. Its output is what addProcess takes (the edit dialog renames hostname
 * and mode to address and delivery).
 */
export const ProcessFormSchema = z.object({
  hostname,
  mode,
  protocol: optionalText(L.protocol, PROCESS_PROTOCOL_MAX),
  port: trimmedLine(L.port).min(1, formMessages.required(L.port))
    .regex(/^\d{1,5}$/, formMessages.match(L.port))
    .transform(Number).pipe(port),
  min: minSpare,
  max: maxSpare,
  ipFep: optionalText(L.ipFep, PROCESS_HOSTNAME_MAX)
    .refine((v) => v === "" || isHostOrIpv4(v), { error: PROCESS_MESSAGES.ipFep }),
  company: z.number().int().nullable(),
  team: z.number().int().nullable(),
}).superRefine(spareOrder).transform(({ company: _company, protocol, ipFep, ...v }) => ({
  ...v,
  protocol: protocol || null,
  ipFep: ipFep || null,
}));
export type ProcessFormInput = z.input<typeof ProcessFormSchema>;

// ---- reads ----

export const ProcessSchema = ProcessRowSchema;
export type Process = z.infer<typeof ProcessSchema>;

export const ProcessAddedSchema = z.object({
  lastInsertId: z.number().int().meta({ description: "The new process's id" }),
  process: ProcessRowSchema,
}).meta({ id: "ProcessAdded" });
export type ProcessAdded = z.infer<typeof ProcessAddedSchema>;

export const ProcessListSchema = z.array(ProcessRowSchema).meta({ id: "ProcessList" });

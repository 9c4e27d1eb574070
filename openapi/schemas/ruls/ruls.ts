/**
 * Ruls, remote user-logins (management-routing §3 and §7): the calls under /rest/ruls, shared by
 * the server and the islands (the rul dialogs validate with the same schemas before sending).
 * A rul is keyed by (id, les), and an id names one rul whatever its LES (decision 0010).
 */
import { z } from "zod";
import { DEFAULT_LES, LES, MULTISELECT_SEARCH_LIMIT } from "../../enums.ts";
import { formMessages } from "../messages.ts";
import { USER_MESSAGES } from "../users/user_messages.ts";
import {
  RUL_COMMENTS_MAX,
  RUL_MAIL_MAX,
  RUL_MESSAGES,
  RUL_NAME_MAX,
  RUL_PASSWORD_MAX,
  RUL_PHONE_MAX,
} from "./rul_messages.ts";
import { SEARCH_QUERY_MAX, SEARCH_TOO_LONG } from "../search.ts";
import {
  codeFilter,
  findRequestSchema,
  findResponseSchema,
  idFilter,
  numberFilterRange,
} from "../find.ts";
import {
  bodyId,
  codeSchema,
  EMAIL_SOURCE,
  line,
  matching,
  optionalText,
  queryId,
  RefSchema,
  requiredText,
  textFilter,
  TgidRefSchema,
  trimmedLine,
} from "../common.ts";

export * from "./rul_messages.ts";

// ---- fields ----

const RulLesSchema = codeSchema(LES, "LES").meta({
  description: `The land earth station: 15 or 21 (default ${DEFAULT_LES})`,
  example: DEFAULT_LES,
});

/** An optional text of a write: "" and null clear it (stored as null); omitted keeps it. */
const clearable = (text: z.ZodType<string, string>) =>
  z.union([text, z.null()]).optional()
    .transform((v) => v === undefined ? undefined : v ? v : null);

/** An e-mail address, or empty. */
const mailContact = matching(
  optionalText("Mail contact", RUL_MAIL_MAX),
  new RegExp(`^${EMAIL_SOURCE}?$`),
  USER_MESSAGES.email("Mail contact"),
);

/** Digits, spaces and + - ( ) . / (no other blank: a tab or a line break is a control character). */
const phoneContact = matching(
  optionalText("Phone contact", RUL_PHONE_MAX),
  /^[-+\d ().\/]*$/,
  RUL_MESSAGES.phone("Phone contact"),
);

/** The customer company of a write: its id, `{id, name}` (the picker's value) or null. */
const CompanyIdInput = bodyId("Company");
const RulCompanySchema = z.union([
  CompanyIdInput,
  z.object({ id: CompanyIdInput, name: line("Company").optional() }),
  z.null(),
], { error: formMessages.match("Company") })
  .optional()
  .transform((v) =>
    v === undefined ? undefined : v === null ? null : typeof v === "number" ? v : v.id
  )
  .meta({
    description: "The customer company whose users may pick this rul for their enids: its " +
      "id (or `{id, name}`), or null for an operator's own login (decision 0010). On update, " +
      "omitted keeps the current one.",
    example: 12,
  });

/** The write fields every create and update carries. */
const writeShape = {
  id: bodyId("Id").meta({ description: "A positive integer; unique whatever the LES" }),
  les: RulLesSchema.default(DEFAULT_LES),
  password: requiredText("Password", RUL_PASSWORD_MAX)
    .meta({ description: `Trimmed, 1 to ${RUL_PASSWORD_MAX} characters` }),
  customerName: requiredText("Customer name", RUL_NAME_MAX)
    .meta({ description: `Trimmed, 1 to ${RUL_NAME_MAX} characters`, example: "Oceanic Ltd" }),
  comments: clearable(optionalText("Comments", RUL_COMMENTS_MAX)),
  mailContact: clearable(mailContact).meta({ description: "An e-mail address, or empty" }),
  phoneContact: clearable(phoneContact),
  companyName: clearable(optionalText("Company name", RUL_NAME_MAX)),
  requesterName: clearable(optionalText("Requester name", RUL_NAME_MAX)),
  company: RulCompanySchema,
};

export const RulCreateSchema = z.object(writeShape).meta({ id: "RulCreate" });
export type RulCreate = z.output<typeof RulCreateSchema>;

export const RulUpdateSchema = z.object({
  ...writeShape,
  les: RulLesSchema.default(DEFAULT_LES).meta({
    description: "With the id, which rul (neither can be changed)",
  }),
}).meta({ id: "RulUpdate" });
export type RulUpdate = z.output<typeof RulUpdateSchema>;

export const RulKeySchema = z.object({
  id: bodyId("Id"),
  les: RulLesSchema.default(DEFAULT_LES),
}).meta({ id: "RulKey" });
export type RulKey = z.output<typeof RulKeySchema>;

export const RulIdQuerySchema = z.object({ id: queryId("Id", "The rul's id") });

/**
 * The create dialog's form: the id as typed, the fields, the company picker's choice. Its output
 * is what POST /rest/ruls/create takes.
 */
export const RulFormSchema = z.object({
  ...writeShape,
  id: trimmedLine("Id").min(1, formMessages.required("Id"))
    .regex(/^\d{1,10}$/, formMessages.match("Id"))
    .transform(Number)
    .pipe(bodyId("Id")),
});
/** The edit dialog's form: the id and the LES are not editable. */
export const RulEditFormSchema = z.object(writeShape).omit({ id: true, les: true });

// ---- reads ----

export const RulSchema = z.object({
  id: z.number().int(),
  les: z.number().int(),
  password: z.string(),
  customerName: z.string(),
  comments: z.string().nullable(),
  mailContact: z.string().nullable(),
  phoneContact: z.string().nullable(),
  companyName: z.string().nullable(),
  requesterName: z.string().nullable(),
  company: RefSchema.nullable().meta({
    description: "The customer company whose users may pick it; null: an operator's own login",
  }),
  updated: z.string().meta({ format: "date-time", description: "Its last change" }),
}).meta({ id: "Rul" });
export type Rul = z.infer<typeof RulSchema>;

export const RulListSchema = z.array(RulSchema).meta({ id: "RulList" });

const RulDetailsSchema = RulSchema.extend({
  dnids: z.array(z.object({
    id: z.number().int(),
    les: z.number().int(),
    company: RefSchema,
    tgid: TgidRefSchema.nullable().meta({ description: "The tgid it is routed to, if any" }),
  })).meta({ description: "The dnids that use it, by id" }),
  enids: z.array(z.object({
    id: z.number().int(),
    rulLes: z.number().int(),
    company: RefSchema,
  })).meta({ description: "The enids that use it, by id" }),
}).meta({ id: "RulDetails" });
export type RulDetails = z.infer<typeof RulDetailsSchema>;

export const LastRulSchema = z.object({
  id: z.number().int().meta({ description: "The highest rul id; 0 when there is none" }),
}).meta({ id: "LastRul" });

// ---- find ----

const RUL_SORT_FIELDS = ["id", "les", "customerName", "companyName", "updated"] as const;

const RulFilterSchema = z.object({
  id: idFilter("Id").optional(),
  les: codeFilter(LES, "LES").optional(),
  customerName: textFilter("Customer name"),
  companyName: textFilter("Company name"),
  requesterName: textFilter("Requester name"),
  company: idFilter("Company").optional().meta({
    description: `The customer company's id. ${numberFilterRange(0)}`,
  }),
}).strict().meta({ id: "RulFilter" });

export const RulFindRequestSchema = findRequestSchema(
  "RulFindRequest",
  RulFilterSchema,
  RUL_SORT_FIELDS,
  "id ascending",
);
export type RulFindRequest = z.output<typeof RulFindRequestSchema>;

export const RulFindResponseSchema = findResponseSchema("RulFindResponse", RulSchema, "rul");
export type RulFindResponse = z.infer<typeof RulFindResponseSchema>;

// ---- filter (the enid dialog's rul choice) ----

export const RUL_FILTER_EMPTY_COUNT = MULTISELECT_SEARCH_LIMIT;

export const RulFilterQuerySchema = z.object({
  query: trimmedLine("Search text").max(SEARCH_QUERY_MAX, SEARCH_TOO_LONG).optional().meta({
    description: "Text to find: the start of the id, or part of the customer name or the " +
      `company name (case-insensitive; trimmed, at most ${SEARCH_QUERY_MAX} characters). ` +
      `Empty or missing: the first ${RUL_FILTER_EMPTY_COUNT} ruls by id.`,
    example: "acme",
    param: { in: "query" },
  }),
});

const RulChoiceSchema = z.object({
  id: z.number().int(),
  les: z.number().int(),
  customerName: z.string(),
  companyName: z.string().nullable(),
  company: RefSchema.nullable().meta({ description: "The customer company, if any" }),
}).meta({ id: "RulChoice" });
export type RulChoice = z.infer<typeof RulChoiceSchema>;
export const RulChoiceListSchema = z.array(RulChoiceSchema).meta({ id: "RulChoiceList" });

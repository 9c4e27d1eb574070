/**
 * Companies (portal-shell §3 and §7): the calls under /rest/companies, shared by the server and
 * the islands (forms validate with the same schemas before anything is sent).
 */
import { z } from "zod";
import { ADMIN_MESSAGES, formMessages } from "../messages.ts";
import {
  DetailDnidSchema,
  DetailEnidSchema,
  DetailTgidSchema,
  DetailUserSchema,
} from "../detail_lists.ts";
import { findRequestSchema, findResponseSchema, intFilter } from "../find.ts";
import {
  bodyId,
  line,
  MAX_ID,
  optionalText,
  queryId,
  RefSchema,
  requiredText,
  TeamRightsRefSchema,
  textFilter,
  TgidRefSchema,
  trimmedLine,
} from "../common.ts";

export const COMPANY_NAME_MAX = 100;

const CompanyNameSchema = requiredText("Name", COMPANY_NAME_MAX).meta({
  description: `Unique; trimmed, 1 to ${COMPANY_NAME_MAX} characters`,
  example: "Oceanic Fisheries Ltd",
});

export const CompanyIdQuerySchema = z.object({ id: queryId("Id", "The company's id") });

/** GET /rest/companies/delete: the id, and the name typed to confirm (optional, as the spec's call). */
export const CompanyDeleteQuerySchema = CompanyIdQuerySchema.extend({
  name: optionalText("Name", COMPANY_NAME_MAX).optional().meta({
    description: "A confirmation: when given, it must be the company's name exactly (409 " +
      "otherwise, nothing deleted). The portal's dialog sends the name the administrator typed.",
    param: { in: "query" },
  }),
});

// ---- the company picker's choice ----

const CompanyIdInput = z.number({ error: ADMIN_MESSAGES.selectCompany })
  .int({ error: ADMIN_MESSAGES.selectCompany })
  .min(1, { error: ADMIN_MESSAGES.selectCompany })
  .max(MAX_ID, { error: ADMIN_MESSAGES.selectCompany });

/**
 * The company of a team in a request body: its id, or `{id, name?}` (the picker's value as it
 * is). Missing, null or not an id: 'Please select a company'. The parsed value is the id.
 */
export const CompanyChoiceSchema = z.union([
  CompanyIdInput,
  z.object({ id: CompanyIdInput, name: line("Company").optional() }, {
    error: ADMIN_MESSAGES.selectCompany,
  }),
], { error: ADMIN_MESSAGES.selectCompany })
  .nullable()
  .refine((v) => v !== null, { error: ADMIN_MESSAGES.selectCompany })
  .transform((v) => typeof v === "number" ? v : v!.id)
  .meta({
    description: "The company's id, or `{id, name}`; required ('Please select a company')",
    example: 12,
  });

/** What islands/admin/company_picker.tsx holds: a chosen company, or null. */
export type CompanyChoice = { id: number; name: string };

// ---- reads ----

export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  teamCount: z.number().int().meta({ description: "How many teams it has" }),
  userCount: z.number().int().meta({ description: "How many users it has" }),
}).meta({ id: "Company" });
export type Company = z.infer<typeof CompanySchema>;

export const CompanyListSchema = z.array(CompanySchema).meta({ id: "CompanyList" });

/** GET /rest/companies/hierarchy: the company → team choice of the user and team dialogs. */
const CompanyHierarchyEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  teams: z.array(TeamRightsRefSchema).meta({ description: "The company's teams, by name" }),
}).meta({ id: "CompanyHierarchyEntry" });
export type CompanyHierarchyEntry = z.infer<typeof CompanyHierarchyEntrySchema>;
export const CompanyHierarchySchema = z.array(CompanyHierarchyEntrySchema)
  .meta({ id: "CompanyHierarchy" });

export const CompanyDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  teams: z.array(TeamRightsRefSchema.extend({ userCount: z.number().int() }))
    .meta({ description: "By name" }),
  tgids: z.array(DetailTgidSchema).meta({ description: "Tgids owned by its teams, by id" }),
  enids: z.array(DetailEnidSchema).meta({ description: "By id and LES" }),
  dnids: z.array(DetailDnidSchema).meta({ description: "By id and LES" }),
  devices: z.array(z.object({
    deviceId: z.number().int(),
    deviceType: z.object({ id: z.number().int(), name: z.string() }),
    label: z.string().nullable(),
    serial: z.string().nullable().meta({ description: "The mtl's serial number (Inmarsat C)" }),
    imn: z.string().nullable().meta({ description: "The mtl (Inmarsat C)" }),
    tgid: TgidRefSchema,
  })).meta({ description: "Terminals of the tgids its teams own, by device id" }),
  users: z.array(DetailUserSchema.extend({ team: RefSchema }))
    .meta({ description: "By login, with their team" }),
}).meta({ id: "CompanyDetails" });
export type CompanyDetails = z.infer<typeof CompanyDetailsSchema>;

// ---- writes ----

export const CompanyAddSchema = z.object({
  id: bodyId("Id").optional().meta({
    description: "An explicit id (legacy ids are kept); default: the next free one",
  }),
  name: CompanyNameSchema,
}).meta({ id: "CompanyAdd" });
export type CompanyAdd = z.output<typeof CompanyAddSchema>;

/**
 * The company dialog's form: the id as typed (optional; a legacy id to keep) and the name. Its
 * output is what POST /rest/companies/add takes.
 */
export const CompanyFormSchema = z.object({
  id: trimmedLine("Id")
    .regex(/^\d{0,10}$/, formMessages.match("Id"))
    .transform((v) => v === "" ? undefined : Number(v))
    .pipe(bodyId("Id").optional()),
  name: CompanyNameSchema,
});

export const CompanyUpdateSchema = z.object({
  id: bodyId("Id"),
  name: CompanyNameSchema,
}).meta({ id: "CompanyUpdate" });
export type CompanyUpdate = z.output<typeof CompanyUpdateSchema>;

export const CompanyDeletedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  teams: z.number().int().meta({ description: "How many of its teams were deleted with it" }),
  users: z.number().int().meta({ description: "How many of its users were deleted with it" }),
}).meta({ id: "CompanyDeleted" });
export type CompanyDeleted = z.infer<typeof CompanyDeletedSchema>;

const count = (description: string) => z.number().int().meta({ description });

/** GET /rest/companies/deleteImpact: what a delete would remove, unlink, or be refused for. */
export const CompanyDeleteImpactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deletes: z.object({
    teams: count("Its teams"),
    users: count("Its users (with their e-mail aliases, sessions and uploads)"),
    files: count("Files uploaded for it"),
  }).meta({ description: "What is deleted with the company" }),
  unlinks: z.object({
    dnids: count("Other companies' dnids allocated to one of its teams: they lose that team"),
    tgidShares: count("Other companies' tgids shared with its teams: the shares end"),
    enidShares: count("Other companies' enids shared with its teams: the shares end"),
    ruls: count("Its ruls: they stay, without a company"),
  }).meta({ description: "What stays, without the company or its teams" }),
  blockers: z.object({
    dnids: count("Its dnids"),
    tgids: count("Tgids its teams own"),
    enids: count("Its enids"),
    terminals: count("Terminals of those tgids"),
    pushProcesses: count("Push processes of its teams"),
    commandLists: count("Its command lists"),
  }).meta({ description: "What must be deleted or moved first: any of these refuses the delete" }),
  ownCompany: z.boolean().meta({
    description: "The caller's own company, which cannot be deleted",
  }),
}).meta({ id: "CompanyDeleteImpact" });
export type CompanyDeleteImpact = z.infer<typeof CompanyDeleteImpactSchema>;

// ---- find ----

const COMPANY_SORT_FIELDS = ["id", "name"] as const;

const CompanyFilterSchema = z.object({
  id: intFilter("Id").optional(),
  name: textFilter("Name"),
}).strict().meta({ id: "CompanyFilter" });

export const CompanyFindRequestSchema = findRequestSchema(
  "CompanyFindRequest",
  CompanyFilterSchema,
  COMPANY_SORT_FIELDS,
  "name ascending",
);
export type CompanyFindRequest = z.output<typeof CompanyFindRequestSchema>;

export const CompanyFindResponseSchema = findResponseSchema(
  "CompanyFindResponse",
  CompanySchema,
  "company",
);
export type CompanyFindResponse = z.infer<typeof CompanyFindResponseSchema>;

// ---- search ----

const SearchCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
}).meta({ id: "SearchCompany" });
export const SearchCompanyListSchema = z.array(SearchCompanySchema)
  .meta({ id: "SearchCompanyList" });

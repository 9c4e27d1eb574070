/**
 * Enids (management-routing §3, §5 and §7): the calls under /rest/enids, shared by the server and
 * the islands (the dialogs validate with the same schemas before anything is sent).
 *
 * Naming on the wire: the spec's own field names are kept, so the rul's key is snake_case
 * (`rul_les`, `rul_id`, as the legacy calls name them) while every other field is camelCase
 * (`createdAt`, `customerName`, `enidId`, `enidTeams`).
 */
import { z } from "zod";
import { DEFAULT_LES } from "../enums.ts";
import { formMessages } from "./messages.ts";
import { findRequestSchema, findResponseSchema, idFilter, intFilter } from "./find.ts";
import {
  bodyId,
  MAX_ID,
  optionalText,
  queryId,
  RefSchema,
  textFilter,
  trimmedLine,
} from "./common.ts";
import { CompanyChoiceSchema } from "./companies/companies.ts";

/** The spec's words (management-routing §5 and §8, portal-shell §8), for server and browser. */
export const ENID_MESSAGES = {
  selectRul: "Please select a rul",
  teamRequired: "A Enid must have at least one team",
  exists: (id: number | string) => `Enid with id ${id} already exists`,
  created: (id: number | string) => `Enid ${id} successfully created`,
  updated: (id: number | string) => `Enid ${id} successfully updated`,
  deleted: (id: number | string) => `Enid ${id} successfully deleted`,
  notCreated: "Enid not created",
  notUpdated: "Enid not updated",
  notDeleted: (message: string) => `Enid not deleted ! Error : ${message}`,
  teamListUpdated: "Team list successfully updated",
  teamListUpdateError: "Team list update error",
} as const;

const ENID_COMMENTS_MAX = 255;
/** More teams than any enid has: a bound on the request, not a business rule. */
const ENID_TEAMS_MAX = 200;

// ---- parts ----

const rulId = z.number({ error: ENID_MESSAGES.selectRul })
  .int({ error: ENID_MESSAGES.selectRul })
  .min(1, { error: ENID_MESSAGES.selectRul })
  .max(MAX_ID, { error: ENID_MESSAGES.selectRul });

const rulLes = z.number({ error: formMessages.match("LES") }).int(formMessages.match("LES"))
  .min(1, formMessages.min("LES", 1)).max(MAX_ID, formMessages.max("LES", MAX_ID));

const teamId = z.number({ error: formMessages.match("Team") }).int(formMessages.match("Team"))
  .min(1, formMessages.match("Team")).max(MAX_ID, formMessages.match("Team"));

/** A list of team ids: at least one ('A Enid must have at least one team'), duplicates dropped. */
const EnidTeamIdsSchema = z.array(teamId, { error: ENID_MESSAGES.teamRequired })
  .min(1, ENID_MESSAGES.teamRequired)
  .max(ENID_TEAMS_MAX, formMessages.maxItems("teams", ENID_TEAMS_MAX))
  .transform((ids) => [...new Set(ids)])
  .meta({ description: "Team ids; at least one ('A Enid must have at least one team')" });

/**
 * The team list the editor started from (our addition): with it, the save changes only what the
 * editor changed against it, on the list as it is now, so two editors' changes merge.
 */
const BaseTeamIdsSchema = z.array(teamId, { error: formMessages.match("Team list") })
  .max(ENID_TEAMS_MAX, formMessages.maxItems("teams", ENID_TEAMS_MAX))
  .transform((ids) => [...new Set(ids)])
  .optional()
  .meta({
    description: "The team ids the editor started from (our addition). When given, only the " +
      "teams added to and taken off this list change, on the enid's list as it is now (another " +
      "editor's changes since are kept); without it the list is replaced",
  });

const comments = (label: string) =>
  optionalText(label, ENID_COMMENTS_MAX).optional()
    .meta({ description: `Trimmed, at most ${ENID_COMMENTS_MAX} characters; empty clears it` });

// ---- requests ----

export const EnidIdQuerySchema = z.object({ id: queryId("Id", "The enid's id") });
export const EnidTeamsQuerySchema = z.object({ enidId: queryId("Enid id", "The enid's id") });

const writeShape = {
  id: bodyId("Id").meta({ description: "The enid's id; unique whatever the LES", example: 4712 }),
  rul_les: rulLes.default(DEFAULT_LES).meta({
    description: `The rul's LES (default ${DEFAULT_LES}); with \`id\`, the enid's key`,
    example: DEFAULT_LES,
  }),
  company: CompanyChoiceSchema,
  rul_id: rulId.nullable().refine((v) => v !== null, { error: ENID_MESSAGES.selectRul })
    .transform((v) => v!)
    .meta({
      description: `The rul (with \`rul_les\`); required ('${ENID_MESSAGES.selectRul}')`,
      example: 1201,
    }),
};

export const EnidCreateSchema = z.object({
  ...writeShape,
  opts: z.object({
    comments: comments("Comments"),
    comments2: comments("Comments 2"),
    teams: EnidTeamIdsSchema,
  }, { error: ENID_MESSAGES.teamRequired }).meta({
    description: "Comments and the teams that use the enid (`teams` is our addition: the " +
      "dialog's team list)",
  }),
}).meta({ id: "EnidCreate" });
export type EnidCreate = z.output<typeof EnidCreateSchema>;

export const EnidUpdateSchema = z.object({
  ...writeShape,
  opts: z.object({
    comments: comments("Comments"),
    comments2: comments("Comments 2"),
    teams: EnidTeamIdsSchema.optional().meta({
      description: "When given, the new team list (at least one team)",
    }),
    baseTeams: BaseTeamIdsSchema,
  }).default({}).meta({ description: "Comments left out keep their value" }),
}).meta({ id: "EnidUpdate" });
export type EnidUpdate = z.output<typeof EnidUpdateSchema>;

export const EnidKeySchema = z.object({
  id: bodyId("Id"),
  rul_les: rulLes.default(DEFAULT_LES).meta({ description: `Default ${DEFAULT_LES}` }),
}).meta({ id: "EnidKey" });
export type EnidKey = z.output<typeof EnidKeySchema>;

export const EnidTeamsUpdateSchema = z.object({
  enidId: bodyId("Enid id"),
  enidTeams: EnidTeamIdsSchema,
  baseTeams: BaseTeamIdsSchema,
}).meta({ id: "EnidTeamsUpdate" });
export type EnidTeamsUpdate = z.output<typeof EnidTeamsUpdateSchema>;

/** GET /rest/enids/teamChoices: an empty query lists the first teams by name. */
export const TeamChoiceQuerySchema = z.object({
  query: optionalText("Search text", 100).default("").meta({
    description: "A part of the team's name (any case); empty lists the first teams by name",
    example: "fleet",
    param: { in: "query" },
  }),
});

// ---- answers ----

const EnidTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company: RefSchema,
}).meta({ id: "EnidTeam" });
export type EnidTeam = z.infer<typeof EnidTeamSchema>;
export const EnidTeamListSchema = z.array(EnidTeamSchema).meta({ id: "EnidTeamList" });

export const EnidSchema = z.object({
  id: z.number().int(),
  rul_les: z.number().int().meta({ description: "The rul's LES; with `id`, the enid's key" }),
  company: RefSchema,
  rul_id: z.number().int(),
  rul: z.object({
    id: z.number().int(),
    les: z.number().int(),
    customerName: z.string(),
  }).meta({ description: "The rul the enid is attached to" }),
  comments: z.string().nullable(),
  comments2: z.string().nullable(),
  teams: EnidTeamListSchema.meta({
    description: "The teams that use it, by name (a client sees its own company's)",
  }),
  createdAt: z.string().meta({ format: "date-time" }),
  updatedAt: z.string().meta({ format: "date-time" }),
}).meta({
  id: "Enid",
  description: "An enid. Field names: the spec's snake_case `rul_les` and `rul_id`, every " +
    "other field camelCase.",
});
export type Enid = z.infer<typeof EnidSchema>;

export const LastEnidSchema = z.object({
  id: z.number().int().meta({ description: "The highest enid id the caller can see; 0 if none" }),
}).meta({ id: "LastEnid" });

const SearchEnidSchema = z.object({
  id: z.number().int(),
  rul_les: z.number().int(),
  rul_id: z.number().int(),
  company: RefSchema,
  comments: z.string().nullable(),
}).meta({ id: "SearchEnid" });
export const SearchEnidListSchema = z.array(SearchEnidSchema).meta({ id: "SearchEnidList" });

// ---- find ----

const ENID_SORT_FIELDS = ["id", "rul_id", "company", "updated"] as const;

const EnidFilterSchema = z.object({
  id: idFilter("Id").optional(),
  rul_id: idFilter("Rul").optional(),
  rul_les: intFilter("LES").optional(),
  company: textFilter("Company").meta({
    description: "The company's id (digits), else a part of its name (any case)",
  }),
  comments: textFilter("Comments").meta({
    description: "A part of either comment (any case)",
  }),
  team: textFilter("Team").meta({
    description: "A team that uses it: its id (digits), else a part of its name (any case)",
  }),
}).strict().meta({ id: "EnidFilter" });

export const EnidFindRequestSchema = findRequestSchema(
  "EnidFindRequest",
  EnidFilterSchema,
  ENID_SORT_FIELDS,
  "id ascending",
);
export type EnidFindRequest = z.output<typeof EnidFindRequestSchema>;

export const EnidFindResponseSchema = findResponseSchema("EnidFindResponse", EnidSchema, "enid");
export type EnidFindResponse = z.infer<typeof EnidFindResponseSchema>;

// ---- the dialogs' form ----

/** What the rul picker holds: a rul of GET /rest/ruls/filter. */
export interface RulPick {
  id: number;
  les: number;
  customerName: string;
}

const pickedRul = z.object({ id: rulId, les: rulLes }, { error: ENID_MESSAGES.selectRul })
  .nullable()
  .refine((v) => v !== null, { error: ENID_MESSAGES.selectRul });

/**
 * The add and edit dialogs' fields (the id as typed, the picked rul, company and teams); the
 * output is the body of POST /rest/enids/create and /update.
 */
export const EnidFormSchema = z.object({
  id: trimmedLine("Id")
    .regex(/^\d{1,10}$/, formMessages.match("Id"))
    .transform(Number)
    .pipe(bodyId("Id")),
  rul: pickedRul,
  company: CompanyChoiceSchema,
  comments: optionalText("Comments", ENID_COMMENTS_MAX),
  comments2: optionalText("Comments 2", ENID_COMMENTS_MAX),
  teams: z.array(z.object({ value: z.string(), label: z.string() }))
    .min(1, ENID_MESSAGES.teamRequired),
}).transform((v) => ({
  id: v.id,
  rul_les: v.rul!.les,
  company: v.company,
  rul_id: v.rul!.id,
  opts: {
    comments: v.comments,
    comments2: v.comments2,
    teams: v.teams.map((t) => Number(t.value)),
  },
}));

/** The manage-teams dialog's field. */
export const EnidTeamsFormSchema = z.object({
  teams: z.array(z.object({ value: z.string(), label: z.string() }))
    .min(1, ENID_MESSAGES.teamRequired),
});

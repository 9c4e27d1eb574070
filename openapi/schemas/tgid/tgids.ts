/**
 * Tgids (management-routing §3 and §7). The tgid a form's picker chose
 * (islands/kit/form/TgidPicker.tsx): required, with the spec's message 'Please, select a Tgid' when
 * nothing is chosen. Shared by server schemas and browser forms.
 */
import { z } from "zod";
import { formMessages, SELECT_TGID } from "../messages.ts";
import { bodyId, line, MAX_ID, optionalText, queryId, RefSchema, textFilter } from "../common.ts";
import { DetailUserSchema } from "../detail_lists.ts";
import { TGID_MESSAGES } from "./tgid_messages.ts";
import { findRequestSchema, findResponseSchema, idFilter } from "../find.ts";
import { SearchQuerySchema } from "../search.ts";

/** A tgid number in a request body (missing or not a tgid number: 'Please, select a Tgid'). */
export const TgidIdSchema = z.number({ error: SELECT_TGID }).int({ error: SELECT_TGID })
  .positive({ error: SELECT_TGID });

const Choice = z.object({ id: TgidIdSchema, label: line("Tgid") }, { error: SELECT_TGID });
export type TgidChoice = z.infer<typeof Choice>;

/**
 * The picker's value `{id, label}`. A form starts with null (nothing chosen), so null is an
 * accepted input, and null or a missing value fails with 'Please, select a Tgid'; the parsed
 * output is always a choice.
 */
export const TgidChoiceSchema = Choice.nullable().refine(
  (v): v is TgidChoice => v !== null,
  { error: SELECT_TGID },
);

// ---- search ----

const SearchTgidSchema = z.object({
  id: z.number().int(),
  label: z.string().meta({ description: "The label, else the id as text" }),
  team: RefSchema.meta({ description: "The owning team" }),
}).meta({ id: "SearchTgid" });
export const SearchTgidListSchema = z.array(SearchTgidSchema).meta({ id: "SearchTgidList" });

/** GET /rest/tgid/search: the text, and `owned` for a picker whose tgid gets a terminal. */
export const TgidSearchQuerySchema = SearchQuerySchema.extend({
  owned: z.enum(["true", "false"], { error: "Owned must be true or false" })
    .transform((v) => v === "true").optional().meta({
      description: "true: only the tgids the caller may add a terminal to (every tgid for an " +
        "administrator; for a client, its company's own, not those merely shared with it); " +
        "false or missing: every tgid it reaches",
      example: "true",
      param: { in: "query" },
    }),
});

// ---- the tgid calls (management-routing §3, §5, §7 and §8) ----

export { TGID_MESSAGES };

const TGID_LABEL_MAX = 100;
/** More teams than any tgid has: a bound on the request, not a business rule. */
const TGID_TEAMS_MAX = 200;

const label = optionalText("Label", TGID_LABEL_MAX).optional().meta({
  description: `Trimmed, at most ${TGID_LABEL_MAX} characters; empty: the tgid shows its id`,
});

/** A team id in a tgid's team list (a missing one: 'A Tgid must have at least one team'). */
const teamId = z.number({ error: TGID_MESSAGES.teamRequired })
  .int({ error: TGID_MESSAGES.teamRequired })
  .min(1, { error: TGID_MESSAGES.teamRequired })
  .max(MAX_ID, { error: TGID_MESSAGES.teamRequired });

const teamIds = (description: string) =>
  z.array(bodyId("Team"), { error: formMessages.match("Team list") })
    .max(TGID_TEAMS_MAX, formMessages.maxItems("teams", TGID_TEAMS_MAX))
    .default([])
    .transform((ids) => [...new Set(ids)])
    .meta({ description });

/** POST /rest/tgid/create {label, team}. */
export const TgidCreateSchema = z.object({
  label,
  team: teamId.meta({ description: "The owning team (required: a tgid needs a team)" }),
}).meta({ id: "TgidCreate" });
export type TgidCreate = z.output<typeof TgidCreateSchema>;

/** The create dialog's form: the label and the team chosen in the picker (one). */
export const TgidFormSchema = z.object({
  label: optionalText("Label", TGID_LABEL_MAX),
  team: z.array(z.object({ value: z.string() })).min(1, TGID_MESSAGES.teamRequired)
    .max(1, formMessages.maxItems("team", 1)),
});

/** The edit dialog's form: the label. */
export const TgidLabelFormSchema = z.object({ label: optionalText("Label", TGID_LABEL_MAX) });

/** The manage-teams dialog's form: at least one team. */
export const TgidTeamsFormSchema = z.object({
  teams: z.array(z.object({ value: z.string(), label: z.string() }))
    .min(1, TGID_MESSAGES.teamRequired),
});

/** POST /rest/tgid/update {tgidId, label}. */
export const TgidUpdateSchema = z.object({
  tgidId: bodyId("Tgid id"),
  label,
}).meta({ id: "TgidUpdate" });

/** POST /rest/tgid/deleteTeamTgid {tgidId, teamId}. */
export const TgidTeamKeySchema = z.object({
  tgidId: bodyId("Tgid id"),
  teamId: bodyId("Team id"),
}).meta({ id: "TgidTeamKey" });

/** POST /rest/tgid/updateTeams {tgid, addedTeams, removedTeams}. */
export const TgidTeamsUpdateSchema = z.object({
  tgid: bodyId("Tgid"),
  addedTeams: teamIds("Team ids to share the tgid with (each must exist)"),
  removedTeams: teamIds("Team ids to take off the tgid (the owner too: the next one owns it)"),
}).meta({ id: "TgidTeamsUpdate" });
export type TgidTeamsUpdate = z.output<typeof TgidTeamsUpdateSchema>;

/** `?id` of GET /rest/tgid/get. */
export const TgidIdQuerySchema = z.object({ id: queryId("Id", "The tgid's number") });
/** `?tgidId` of GET /rest/tgid/delete. */
export const TgidDeleteQuerySchema = z.object({ tgidId: queryId("Tgid id", "The tgid's number") });
/** `?tgid` of GET /rest/tgid/details. */
export const TgidQuerySchema = z.object({ tgid: queryId("Tgid", "The tgid's number") });
/** `?tgid&team` of GET /rest/tgid/openPorts. */
export const TgidOpenPortsQuerySchema = z.object({
  tgid: queryId("Tgid", "The tgid's number"),
  team: queryId("Team", "Only this team's ports (one of the tgid's teams)").optional(),
});

// ---- answers ----

const TgidTeamSchema = RefSchema.extend({
  company: RefSchema,
  owner: z.boolean().meta({ description: "The team owns the tgid (else it shares it)" }),
}).meta({ id: "TgidTeam" });

const count = z.number().int();
const RouteCountsSchema = z.object({ tcp: count, smtp: count, ftp: count, ws: count })
  .meta({ id: "RouteCounts", description: "Routes per protocol" });

/** A tgid as the list, the details lookup and the writes answer it. */
export const TgidSchema = z.object({
  id: z.number().int(),
  label: z.string().meta({ description: "The label, else the id as text" }),
  team: RefSchema.meta({ description: "The owning team" }),
  company: RefSchema.meta({ description: "The owning team's company" }),
  teams: z.array(TgidTeamSchema).meta({
    description: "The owning team, then the teams sharing it, by name (a client: its company's)",
  }),
  counts: z.object({
    devices: count.meta({ description: "Terminals in the tgid" }),
    dnids: count.meta({ description: "Dnids routed to it (a client: its company's)" }),
    routes: RouteCountsSchema,
  }),
  createdBy: z.string().nullable().meta({ description: "The creator's login" }),
  createdOn: z.string().meta({ format: "date-time" }),
  updatedBy: z.string().nullable().meta({ description: "The last editor's login" }),
  updatedOn: z.string().meta({ format: "date-time" }),
}).meta({ id: "Tgid", description: "A tgid. Field names are camelCase." });
export type Tgid = z.infer<typeof TgidSchema>;

const TgidDeviceSchema = z.object({
  deviceId: z.number().int(),
  deviceType: RefSchema,
  label: z.string().nullable(),
  identifier: z.string().nullable().meta({ description: "The terminal-specific identifier" }),
  updateDate: z.string().meta({ format: "date-time" }),
}).meta({ id: "TgidDevice" });

const RouteRow = z.object({
  id: z.number().int(),
  memberOrMobileNum: z.string().nullable(),
  conversion: z.number().int(),
  destination: z.string().meta({ description: "Primary destination" }),
  secondary: z.string().nullable().meta({ description: "Backup destination" }),
  primaryUp: z.number().int().nullable().meta({ description: "1 active, 0 inactive, <0 locked" }),
}).meta({ id: "RouteRow" });
export type RouteRow = z.infer<typeof RouteRow>;
export const RoutesByProtocolSchema = z.object({
  tcp: z.array(RouteRow),
  smtp: z.array(RouteRow),
  ftp: z.array(RouteRow),
  ws: z.array(RouteRow),
}).meta({ id: "RoutesByProtocol", description: "Delivery routes by protocol, by id" });

/** GET /rest/tgid/get: the tgid with its devices, dnids, users and routes. */
export const TgidDetailsSchema = TgidSchema.extend({
  devices: z.array(TgidDeviceSchema).meta({ description: "Its terminals, by device id" }),
  dnids: z.array(z.object({ id: z.number().int(), les: z.number().int(), company: RefSchema }))
    .meta({ description: "Dnids routed to it, by number (a client: its company's)" }),
  users: z.array(DetailUserSchema.extend({ team: RefSchema })).meta({
    description: "Users of its teams, by login",
  }),
  routes: RoutesByProtocolSchema,
}).meta({ id: "TgidDetails" });
export type TgidDetails = z.infer<typeof TgidDetailsSchema>;

export const TgidDeletedSchema = z.object({ id: z.number().int() }).meta({ id: "TgidDeleted" });

// ---- find ----

const TGID_SORT_FIELDS = ["id", "label", "team", "company", "updatedOn"] as const;

const TgidFilterSchema = z.object({
  id: idFilter("Id").optional(),
  label: textFilter("Label").meta({ description: "A part of the label (any case)" }),
  team: textFilter("Team").meta({
    description: "A part of the name of a team owning or sharing it (any case)",
  }),
  company: textFilter("Company").meta({
    description: "A part of the owning company's name (any case)",
  }),
}).strict().meta({ id: "TgidFilter" });

export const TgidFindRequestSchema = findRequestSchema(
  "TgidFindRequest",
  TgidFilterSchema,
  TGID_SORT_FIELDS,
  "id ascending",
);
export type TgidFindRequest = z.output<typeof TgidFindRequestSchema>;

export const TgidFindResponseSchema = findResponseSchema("TgidFindResponse", TgidSchema, "tgids");
export type TgidFindResponse = z.infer<typeof TgidFindResponseSchema>;

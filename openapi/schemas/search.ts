/** The quick searches (GET /rest/{companies,teams,users,dnids,tgid}/search?query). */
import { z } from "zod";
import { MULTISELECT_SEARCH_LIMIT } from "../enums.ts";

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_REQUIRED = "Search text is required";
export const SEARCH_TOO_LONG = `Search text is at most ${SEARCH_QUERY_MAX} characters`;

export const SearchQuerySchema = z.object({
  query: z.string({ error: SEARCH_REQUIRED }).trim().min(1, SEARCH_REQUIRED)
    .max(SEARCH_QUERY_MAX, SEARCH_TOO_LONG).meta({
      description:
        `Text to find (case-insensitive, part of the value; trimmed, 1 to ${SEARCH_QUERY_MAX} ` +
        `characters). At most ${MULTISELECT_SEARCH_LIMIT} results, exact matches first.`,
      example: "acme",
      param: { in: "query" },
    }),
});

/**
 * The text as a literal LIKE/ILIKE pattern: `%`, `_` and `\` (PostgreSQL's default escape
 * character) match only themselves. Wrap it in `%…%` for "contains", append `%` for a prefix.
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const Ref = () => z.object({ id: z.number().int(), name: z.string() });

export const SearchCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
}).meta({ id: "SearchCompany" });
export const SearchCompanyListSchema = z.array(SearchCompanySchema)
  .meta({ id: "SearchCompanyList" });

export const SearchTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rights: z.number().int().meta({ description: "0 Super Administrator … 100 Client, 200 Billing" }),
  company: Ref(),
}).meta({ id: "SearchTeam" });
export const SearchTeamListSchema = z.array(SearchTeamSchema).meta({ id: "SearchTeamList" });

export const SearchUserSchema = z.object({
  id: z.string().meta({ description: "The login", example: "admin@demo.test" }),
  mail: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
  company: Ref(),
  team: Ref(),
}).meta({ id: "SearchUser" });
export type SearchUser = z.infer<typeof SearchUserSchema>;
export const SearchUserListSchema = z.array(SearchUserSchema).meta({ id: "SearchUserList" });

export const SearchDnidSchema = z.object({
  id: z.number().int(),
  les: z.number().int(),
  company: Ref(),
  tgid: z.object({
    id: z.number().int(),
    label: z.string().meta({ description: "The tgid's label, else its id as text" }),
  }).nullable().meta({ description: "The tgid the dnid is routed to, if any" }),
}).meta({ id: "SearchDnid" });
export const SearchDnidListSchema = z.array(SearchDnidSchema).meta({ id: "SearchDnidList" });

export const SearchTgidSchema = z.object({
  id: z.number().int(),
  label: z.string().meta({ description: "The label, else the id as text" }),
  team: Ref().meta({ description: "The owning team" }),
}).meta({ id: "SearchTgid" });
export const SearchTgidListSchema = z.array(SearchTgidSchema).meta({ id: "SearchTgidList" });

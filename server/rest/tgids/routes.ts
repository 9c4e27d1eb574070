/** The /rest/tgid calls (management-routing §7) built so far: the quick search. */
import { defineRoute, jsonResponse } from "../define.ts";
import { SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import { SearchTgidListSchema } from "../../../openapi/schemas/tgids.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

export const search = defineRoute({
  access: "user",
  tenancy: "tgid",
  method: "get",
  path: "/rest/tgid/search",
  summary: "Find tgids",
  description: "Tgids whose label or number contains the text (case-insensitive), with the " +
    `owning team, at most ${MULTISELECT_SEARCH_LIMIT}: exact matches first, then by label.`,
  request: { query: SearchQuerySchema },
  responses: { 200: jsonResponse(SearchTgidListSchema, "Matching tgids") },
});

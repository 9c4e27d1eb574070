/** The /rest/dnids calls (management-routing §7) built so far: the quick search. */
import { defineRoute, jsonResponse } from "../define.ts";
import { SearchQuerySchema } from "../../../openapi/schemas/search.ts";
import { SearchDnidListSchema } from "../../../openapi/schemas/dnids.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";

export const search = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/dnids/search",
  summary: "Find dnids",
  description: "Dnids whose number starts with the text, or whose tgid's label contains it " +
    `(case-insensitive), at most ${MULTISELECT_SEARCH_LIMIT}: exact matches first, then by ` +
    "number and LES.",
  request: { query: SearchQuerySchema },
  responses: { 200: jsonResponse(SearchDnidListSchema, "Matching dnids") },
});

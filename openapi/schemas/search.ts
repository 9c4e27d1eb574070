/**
 * The quick searches' query (GET /rest/{companies,teams,users,dnids,tgid}/search?query); each
 * resource's schema module has its search result.
 */
import { z } from "zod";
import { MULTISELECT_SEARCH_LIMIT } from "../enums.ts";
import { nonBlank, trimmedLine } from "./common.ts";

export const SEARCH_QUERY_MAX = 100;
const SEARCH_REQUIRED = "Search text is required";
export const SEARCH_TOO_LONG = `Search text is at most ${SEARCH_QUERY_MAX} characters`;

export const SearchQuerySchema = z.object({
  query: nonBlank(
    trimmedLine("Search text").min(1, SEARCH_REQUIRED).max(SEARCH_QUERY_MAX, SEARCH_TOO_LONG),
  ).meta({
    description:
      `Text to find (case-insensitive, part of the value; trimmed, 1 to ${SEARCH_QUERY_MAX} ` +
      `characters). At most ${MULTISELECT_SEARCH_LIMIT} results, exact matches first.`,
    example: "acme",
    param: { in: "query" },
  }),
});

/**
 * LES traffic (portal-shell §4 and §7): the station messages of the signed-in user's company, the
 * traffic overview's find (their delete is GET /rest/inmarsat/delete, in ../inmarsat). A client
 * reaches only its own company's messages.
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  StationFindRequestSchema,
  StationFindResponseSchema,
} from "../../../openapi/schemas/station/station.ts";
import { codeList } from "../../../openapi/schemas/common.ts";
import { STATION_MESSAGE_STATUS } from "../../../openapi/enums.ts";

export const find = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/station/find",
  paged: true,
  summary: "Find station messages (the LES traffic overview)",
  description: "Filter by refNum, recipient (a part of the imn or of the recipient's label as " +
    "the message was sent with: a later rename does not change it), " +
    `status (${codeList(STATION_MESSAGE_STATUS)}), family (inProgress, delivered, failed, ` +
    "deleted), listId, mine (true: the caller's own messages), from and to (a day YYYY-MM-DD " +
    "or an ISO date-time: created from / before) and text (a part of the message text); sort " +
    "by refNum, createdAt (default: descending), updatedAt, status, recipient or size; 10 rows " +
    "a page by default. Answers rows and totalNumber (the messages matching the filter).",
  request: { body: jsonBody(StationFindRequestSchema) },
  responses: {
    200: jsonResponse(StationFindResponseSchema, "One page of station messages, with the totals"),
  },
});

/**
 * The /rest/list calls (management-routing §2–§4), for every signed-in user: a client reaches
 * only its own company's command lists (another company's answers 404 'Command list not found').
 */
import { defineRoute, jsonBody, jsonResponse } from "../define.ts";
import {
  CommandListFindRequestSchema,
  CommandListFindResponseSchema,
  CommandListFullSchema,
  LIST_MESSAGES,
  ListIdQuerySchema,
} from "../../../openapi/schemas/list/lists.ts";
import { LONG_PAGE_SIZES } from "../../../openapi/enums.ts";

export const find = defineRoute({
  access: "user",
  tenancy: "company",
  method: "post",
  path: "/rest/list/find",
  paged: true,
  summary: "Find command lists (the command list overview)",
  description: "Filter by id, user (a part of the sender's user id or e-mail), date (a day, " +
    "YYYY-MM-DD, UTC), protocol (0 HTTP … 5 MESSAGINGC) and terminated (1 Finished, 0 " +
    "Unfinished); sort by id (default: descending), user, date, protocol or terminated; 10 rows " +
    `a page by default (the page offers ${LONG_PAGE_SIZES.join(", ")}). Each list comes with ` +
    "its commands counted by display class.",
  request: { body: jsonBody(CommandListFindRequestSchema) },
  responses: {
    200: jsonResponse(CommandListFindResponseSchema, "One page of command lists, with the totals"),
  },
});

export const getCommandsFull = defineRoute({
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/list/getCommandsFull",
  summary: "A command list with its commands",
  description: "The list and every command of it, by group then item, each identified by " +
    "commandId (listId, groupId, itemId) with its status, label, display class and error. " +
    "404 when unknown.",
  request: { query: ListIdQuerySchema },
  responses: { 200: jsonResponse(CommandListFullSchema, "The list and its commands") },
  errors: [404],
});

export const cancel = defineRoute({
  writes: true,
  access: "user",
  tenancy: "company",
  method: "get",
  path: "/rest/list/cancel",
  summary: "Cancel the execution of a command list",
  description: "An unfinished list: every pending command (any status but 5, 6, 7, 8 and 13) " +
    "becomes 13 Cancelled and the list is finished, in one transaction (a concurrent cancel " +
    `then finds it finished). A finished list answers 409 '${LIST_MESSAGES.finished("{id}")}' ` +
    "and nothing changes; 404 when unknown.",
  request: { query: ListIdQuerySchema },
  responses: {
    200: jsonResponse(CommandListFullSchema, "The list as it is now, with its commands"),
  },
  errors: [404, 409, 503],
});

/**
 * The command list islands' calls, typed by the contract, and their links: the overview's
 * page, a list with its commands, and the cancel of a list's execution.
 */
import { rowsOf } from "../kit/finder.ts";
import { findBody, type TableState } from "../kit/table_state.ts";
import { call, client } from "../runtime/api.ts";
import { SORT_FIELDS } from "../../openapi/sort_fields.ts";
import type { CommandListFull } from "../../openapi/schemas/lists.ts";

/** A list's page; with a group, narrowed to it; with an item too, that command's details open. */
export const listHref = (listId: number, groupId?: number, itemId?: number) =>
  ["/management/list", listId, groupId, itemId].filter((p) => p !== undefined).join("/");

export const findCommandLists = async (state: TableState) =>
  rowsOf(
    await call(
      client.POST("/rest/list/find", { body: findBody(state, SORT_FIELDS["/rest/list/find"]) }),
    ),
  );

/** GET /rest/list/cancel: the list as it is after the cancel. */
export const cancelCommandList = async (listId: number): Promise<CommandListFull> =>
  await call(client.GET("/rest/list/cancel", { params: { query: { listId: String(listId) } } }));

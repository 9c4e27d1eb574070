/**
 * The command list islands' calls, typed by the contract, and their links: the overview's
 * page, a list with its commands, the cancel of a list's execution, and one command's full
 * record and cancel.
 */
import { rowsOf } from "../../kit/table/finder.ts";
import { findBody, type TableState } from "../../kit/table/table_state.ts";
import { call, client } from "../../runtime/api.ts";
import { SORT_FIELDS } from "../../../openapi/sort_fields.ts";
import type { CommandListFull } from "../../../openapi/schemas/list/lists.ts";
import type { Command, CommandId } from "../../../openapi/schemas/command/commands.ts";
import type { FullCommand } from "../../../openapi/schemas/command/command_details.ts";

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
  await call(client.GET("/rest/list/cancel", { params: { query: { listId: listId } } }));

/** GET /rest/list/getCommandsFull: the list as it is now (the page refreshes with it). */
export const getCommandList = async (listId: number): Promise<CommandListFull> =>
  await call(
    client.GET("/rest/list/getCommandsFull", { params: { query: { listId: listId } } }),
  );

/** A command's key as the query of the /rest/command calls. */
const commandQuery = (id: CommandId) => ({
  params: {
    query: {
      listId: id.listId,
      groupId: id.groupId,
      itemId: id.itemId,
    },
  },
});

/** GET /rest/command/getCommandFull: every field of a command. */
export const getFullCommand = async (id: CommandId): Promise<FullCommand> =>
  (await call(client.GET("/rest/command/getCommandFull", commandQuery(id)))).fullCommandObject;

/** GET /rest/command/cancel: the command as it is after the cancel. */
export const cancelCommand = (id: CommandId): Promise<Command> =>
  call(client.GET("/rest/command/cancel", commandQuery(id)));

/**
 * The command list pages: the overview and a list's page, for every signed-in user (a client:
 * its own company's lists).
 */
import type { AnyPageRoute, PageRoute } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { pageId } from "../params.ts";
import { Island } from "../../server/pages/island.tsx";
import CommandListOverview, {
  COMMAND_LIST_DEFAULTS,
  type CommandListOverviewProps,
} from "../../islands/management/list/CommandListOverview.tsx";
import CommandListDetail, {
  type CommandListDetailProps,
} from "../../islands/management/list/CommandListDetail.tsx";
import { CommandListFindRequestSchema } from "../../openapi/schemas/list/lists.ts";
import {
  findLists,
  getCommandsFull,
  listNotFound,
  listRow,
} from "../../server/services/list/read.ts";
import { notFound } from "../../server/errors.ts";
import { hasCommand } from "../../server/services/command/read.ts";

const M = "/management";

const listsRoute: PageRoute<CommandListOverviewProps> = {
  pattern: `${M}/list`,
  title: "Command lists",
  summary: "Lists of commands sent to terminals, finished or not.",
  parent: M,
  // The first page is rendered on the server, with the query the URL asks for.
  load: (ctx) =>
    firstPage(
      ctx.url,
      COMMAND_LIST_DEFAULTS,
      CommandListFindRequestSchema,
      (req) => findLists(ctx.deps.db, ctx.scope, req),
    ),
  view: ({ data }) => <Island of={CommandListOverview} props={data} />,
};

/** The list a page names, and the group and item in it, when named. */
const commandKey = ({ listId, groupId, itemId }: Record<string, string | undefined>) =>
  [
    pageId("Command list", listId),
    groupId === undefined ? null : pageId("Group", groupId),
    itemId === undefined ? null : pageId("Item", itemId),
  ] as const;

const listRoute: PageRoute<CommandListDetailProps> = {
  pattern: `${M}/list/:listId/:groupId?/:itemId?`,
  title: "Command list",
  summary: "The commands of a list and their status.",
  parent: `${M}/list`,
  // Unknown, another company's, or a group or item the list does not have: the 404 page.
  heading: async ({ deps, scope, params }) => {
    const [id, group, item] = commandKey(params);
    if (!await listRow(deps.db, scope, id)) throw listNotFound();
    if (group !== null && !await hasCommand(deps.db, id, group, item)) throw notFound("Command");
    return `Command list ${id}`;
  },
  load: async (ctx) => {
    const [id, group, item] = commandKey(ctx.params);
    const list = await getCommandsFull(ctx.deps.db, ctx.scope, id);
    // Narrowed to the group; the item (whose details open) is one of its commands.
    const inGroup = list.commands.filter((c) => group === null || c.commandId.groupId === group);
    return { list: { ...list, commands: inGroup }, groupId: group, itemId: item };
  },
  view: ({ data }) => <Island of={CommandListDetail} props={data} />,
};

export default [listsRoute, listRoute] satisfies AnyPageRoute[];

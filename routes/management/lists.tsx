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
} from "../../islands/management/CommandListOverview.tsx";
import CommandListDetail, {
  type CommandListDetailProps,
} from "../../islands/management/CommandListDetail.tsx";
import { CommandListFindRequestSchema } from "../../openapi/schemas/lists.ts";
import { findLists, getCommandsFull } from "../../server/services/lists/read.ts";
import { notFound } from "../../server/errors.ts";

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

const listRoute: PageRoute<CommandListDetailProps> = {
  pattern: `${M}/list/:listId/:groupId?/:itemId?`,
  title: "Command list",
  summary: "The commands of a list and their status.",
  parent: `${M}/list`,
  // Unknown, another company's, or a group or item the list does not have: the 404 page.
  load: async (ctx) => {
    const { listId, groupId, itemId } = ctx.params;
    const list = await getCommandsFull(ctx.deps.db, ctx.scope, pageId("Command list", listId));
    const group = groupId === undefined ? null : pageId("Group", groupId);
    const item = itemId === undefined ? null : pageId("Item", itemId);
    // Narrowed to the group; the item (whose details open) must be one of its commands.
    const inGroup = list.commands.filter((c) => group === null || c.commandId.groupId === group);
    const known = item === null
      ? inGroup.length > 0 || group === null
      : inGroup.some((c) => c.commandId.itemId === item);
    if (!known) throw notFound("Command");
    return { list: { ...list, commands: inGroup }, groupId: group, itemId: item };
  },
  label: (_ctx, data) => `Command list ${data.list.id}`,
  view: ({ data }) => <Island of={CommandListDetail} props={data} />,
};

export default [listsRoute, listRoute] satisfies AnyPageRoute[];

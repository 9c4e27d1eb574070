/**
 * The terminal command calls of the command pages and the dnid status menu: a typed POST to any
 * operation of the contract that answers the command list created (CommandsIssued). Failures are
 * normalised like every call (runtime/api.ts).
 */
import { call, client } from "../runtime/api.ts";
import type { components, paths } from "../../openapi/types.ts";

export type CommandsIssued = components["schemas"]["CommandsIssued"];

type Post<P extends keyof paths> = paths[P] extends { post: infer O } ? O : never;

/** The operations that record a command list and answer it (poll, egc, irext, dnid commands). */
type CommandPath = {
  [P in keyof paths]: [Post<P>] extends [never] ? never
    : Post<P> extends { responses: { 200: { content: { "application/json": CommandsIssued } } } }
      ? P
    : never;
}[keyof paths];

/** What `path` is posted (a union of paths takes any of their bodies). */
type CommandBody<P extends CommandPath> = Post<P> extends {
  requestBody: { content: { "application/json": infer B } };
} ? B
  : never;

export function postCommand<P extends CommandPath>(
  path: P,
  body: CommandBody<P>,
): Promise<CommandsIssued>;
export function postCommand(path: CommandPath, body: CommandBody<CommandPath>) {
  return call(client.POST(path, { body }));
}

/**
 * The poll page with a dnid (and a member) chosen: /commands/poll/{dnid}-{les}[-{member}], the
 * init that parsePollInit (openapi/schemas/command/poll.ts) reads.
 */
export const pollHref = (t: { dnid: number; les: number; member?: number }) =>
  `/commands/poll/${t.dnid}-${t.les}${t.member === undefined ? "" : `-${t.member}`}`;

/** The page where a command list is followed. */
export const listHref = (listId: number) => `/management/list/${listId}`;

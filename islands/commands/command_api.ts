/**
 * The terminal command calls of the command pages and the dnid status menu: a JSON POST whose
 * answer is the command list created (CommandsIssued). Failures are normalised like every call
 * (runtime/api.ts).
 */
import { failureOf, portalFetch } from "../runtime/api.ts";
import type { CommandsIssued } from "../../openapi/schemas/terminal_commands.ts";

export type { CommandsIssued };

export async function postCommand(path: string, body: unknown): Promise<CommandsIssued> {
  const response = await portalFetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failureOf(response);
  return await response.json() as CommandsIssued;
}

/** The page where a command list is followed. */
export const listHref = (listId: number) => `/management/list/${listId}`;

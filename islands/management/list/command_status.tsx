/**
 * How command lists and commands show their state: a command's status as a badge of its display
 * class (success, danger or pending), a list's progress and whether it is finished.
 */
import { COMMAND_PROTOCOLS } from "../../../openapi/enums.ts";
import type { Command } from "../../../openapi/schemas/command/commands.ts";
import type { CommandList } from "../../../openapi/schemas/list/lists.ts";
import { LIST_TERMINATED } from "../../../openapi/schemas/list/list_messages.ts";

/** What a command screen follows: its commands' states (the event ids are list ids). */
export const COMMAND_EVENTS = ["command.state"] as const;

/** The status's label in its class's colour; `withCode` puts its number first ("6 Failed"). */
export function CommandStatusBadge(
  { command, withCode }: {
    command: Pick<Command, "status" | "statusLabel" | "statusClass">;
    withCode?: boolean;
  },
) {
  return (
    <span className={`status ${command.statusClass}`} data-status={command.status}>
      {withCode ? `${command.status} ${command.statusLabel}` : command.statusLabel}
    </span>
  );
}

export const protocolLabel = (protocol: number) =>
  COMMAND_PROTOCOLS[protocol as keyof typeof COMMAND_PROTOCOLS] ?? String(protocol);

export const stateLabel = (list: CommandList) => LIST_TERMINATED[list.terminated ? 1 : 0];

/** "5 commands: 2 done, 1 failed or cancelled, 2 pending". */
export const progressText = ({ counts: c }: CommandList) =>
  `${c.commands} command${c.commands === 1 ? "" : "s"}: ${c.success} done, ` +
  `${c.danger} failed or cancelled, ${c.pending} pending`;

/** The list's progress: its commands by class, each class in its colour. */
export function ListProgress({ list }: { list: CommandList }) {
  const c = list.counts;
  return (
    <span title={progressText(list)}>
      {c.commands}: <span className="status success">{c.success} done</span>
      {" · "}
      <span className="status danger">{c.danger} failed</span>
      {" · "}
      <span className="status pending">{c.pending} pending</span>
    </span>
  );
}

/** Finished or Unfinished, as the terminated filter names them. */
export function ListState({ list }: { list: CommandList }) {
  return (
    <span className={`status ${list.terminated ? "success" : "pending"}`}>
      {stateLabel(list)}
    </span>
  );
}

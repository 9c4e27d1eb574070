/**
 * Sending terminal commands: tracking on/off, the nine irext commands, polls, EGC calls and the
 * dnid status menu's commands. Each checks that the caller reaches the target (else 404) and
 * that the target takes the command (else 409), then records one command list — protocol 0 HTTP,
 * sent by the caller, for the caller's company (a client) or the target's owner (an
 * administrator) — and hands its commands to the LES (issueCommands). The answer is the list and
 * its commands as they stand after the handover.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { commands, dnidStatuses } from "../../../db/schema/mod.ts";
import {
  COMMAND_STATUS,
  IREXT_COMMANDS,
  IREXT_DEVICE_TYPES,
  type IrextCommand,
  isTrackerType,
  SHOUT_DEVICE_TYPE,
  TRACKER_DEVICE_TYPES,
} from "../../../openapi/enums.ts";
import type { CommandStatus } from "../../../openapi/schemas/command/commands.ts";
import type { CommandsIssued } from "../../../openapi/schemas/command/terminal_commands.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";
import {
  parseStartDate,
  type SetTerminalTracking,
  TRACKING_COMMAND,
} from "../../../openapi/schemas/terminal/tracking.ts";
import type { PollSend } from "../../../openapi/schemas/command/poll.ts";
import type { EgcSend } from "../../../openapi/schemas/command/egc.ts";
import type {
  CreateProgram,
  DnidMemberCommand,
  OnDemandPoll,
} from "../../../openapi/schemas/dnids/dnid_commands.ts";
import { geofencePoints } from "../../../openapi/schemas/command/irext.ts";
import type { StationAdapter } from "../../station/adapter.ts";
import { ApiError } from "../../errors.ts";
import type { Scope } from "../tenancy.ts";
import { issueCommands, type NewCommand } from "./issue.ts";
import {
  authorized,
  dnidMembers,
  type MemberTarget,
  reachEnid,
  reachTerminal,
  terminalsOfTgid,
  type TerminalTarget,
} from "./targets.ts";

/** Command list protocol 0: HTTP, the portal's pages. */
const HTTP = 0;
/** genericCommandType: 0 Inmarsat C, 1 irext, 2 tracking (the seed's vocabulary). */
const INMARSAT_C = 0, IREXT = 1, TRACKING = 2;
/** Command status 6: what a command the station refused at handover becomes. */
const FAILED = 6;

export interface Caller {
  db: Db;
  station: StationAdapter;
  scope: Scope;
  userKey: number;
}

type Targeted = NewCommand & { target: string };

/** Records the list (for the caller's company, else `owner`), hands it over, answers it. */
async function send(
  c: Caller,
  owner: number | null,
  list: Targeted[],
): Promise<CommandsIssued> {
  const { listId } = await issueCommands(c.db, c.station, {
    userKey: c.userKey,
    companyId: c.scope.onlyCompany ?? owner,
    protocol: HTTP,
    commands: list.map(({ target: _, ...cmd }, i) => ({ ...cmd, groupId: 1, itemId: i + 1 })),
  });
  const rows = await c.db.select().from(commands).where(eq(commands.listId, listId))
    .orderBy(asc(commands.groupId), asc(commands.itemId));
  return {
    listId,
    commands: rows.map((r, i) => ({
      commandId: { listId, groupId: r.groupId, itemId: r.itemId },
      command: r.command,
      mt: r.mt,
      target: list[i]?.target ?? r.mt ?? "",
      status: r.status as CommandStatus,
      statusLabel: COMMAND_STATUS[r.status as CommandStatus] ?? String(r.status),
      startAt: r.startAt ? new Date(r.startAt).toISOString() : null,
    })),
  };
}

const terminalName = (t: TerminalTarget) =>
  t.label ? `${t.label} (${t.deviceId})` : String(t.deviceId);
const memberName = (m: MemberTarget) => `${m.dnid}-${m.les}-${m.member} ${m.device}`;
const shoutType = (t: TerminalTarget) => t.deviceTypeId === SHOUT_DEVICE_TYPE ? 1 : null;

// ---- tracking ----

/** POST /rest/generic/setTerminalTracking. */
export async function setTerminalTracking(
  c: Caller,
  req: SetTerminalTracking,
): Promise<CommandsIssued> {
  let targets: TerminalTarget[];
  if (req.targetType === "tgid") {
    targets = await terminalsOfTgid(c.db, c.scope, req.target, TRACKER_DEVICE_TYPES);
    if (!targets.length) throw new ApiError(409, M.noTracker(req.target));
  } else {
    const t = await reachTerminal(c.db, c.scope, req.target);
    if (!isTrackerType(t.deviceTypeId)) throw new ApiError(409, M.notTracker(t.deviceId));
    targets = [t];
  }
  const startAt = req.startDate ? parseStartDate(req.startDate) : null;
  return send(
    c,
    targets[0].companyId,
    targets.map((t) => ({
      target: terminalName(t),
      command: TRACKING_COMMAND,
      mt: String(t.deviceId),
      shoutMtType: shoutType(t),
      genericCommandType: TRACKING,
      parameters: {
        trackingEnabled: req.trackingEnabled,
        delayAuthorized: req.delayAuthorized,
        ...(req.frequency === undefined ? {} : { frequency: req.frequency }),
        ...(startAt ? { startDate: startAt.toISOString() } : {}),
      },
      startAt,
    })),
  );
}

// ---- irext ----

/** The parameters an irext command carries (its request without the target). */
function irextParameters(name: IrextCommand, req: Record<string, unknown>) {
  const { target: _, ...rest } = req;
  if (name !== "geofenceActivate") return rest;
  const { points } = geofencePoints(rest);
  const parameters: Record<string, unknown> = {
    geofenceId: rest.geofenceId,
    unit: rest.unit,
    points: points.length,
  };
  if (rest.radius !== undefined) parameters.radius = rest.radius;
  points.forEach((p, i) => {
    parameters[`geofenceP${i + 1}lat`] = p.lat;
    parameters[`geofenceP${i + 1}lon`] = p.lon;
  });
  return parameters;
}

/** POST /rest/irext/<name>: one command to an Iridium Extreme terminal. */
export async function sendIrext(
  c: Caller,
  name: IrextCommand,
  req: { target: number } & Record<string, unknown>,
): Promise<CommandsIssued> {
  const t = await reachTerminal(c.db, c.scope, req.target);
  if (!(IREXT_DEVICE_TYPES as readonly number[]).includes(t.deviceTypeId)) {
    throw new ApiError(409, M.notIrext(t.deviceId));
  }
  return send(c, t.companyId, [{
    target: terminalName(t),
    command: name,
    mt: String(t.deviceId),
    shoutMtType: shoutType(t),
    genericCommandType: IREXT,
    commandSubType: IREXT_COMMANDS.indexOf(name),
    parameters: irextParameters(name, req),
  }]);
}

// ---- Inmarsat C: poll, on-demand, download, programs ----

const memberCommand = (
  m: MemberTarget,
  command: string,
  extra: Record<string, unknown> = {},
  commandSubType: number | null = null,
): Targeted => ({
  target: memberName(m),
  command,
  mt: m.device,
  genericCommandType: INMARSAT_C,
  commandSubType,
  parameters: { dnid: m.dnid, les: m.les, member: m.member, ...extra },
});

/** POST /rest/poll/send: one pollCommand per authorized terminal of the dnid (or member). */
export async function sendPoll(c: Caller, req: PollSend): Promise<CommandsIssued> {
  const members = authorized(await dnidMembers(c.db, c.scope, req), req);
  return send(
    c,
    members[0].companyId,
    members.map((m) =>
      memberCommand(m, "pollCommand", { pollType: req.pollType, region: req.region }, req.pollType)
    ),
  );
}

/** POST /rest/dnids/onDemandPoll. */
export async function onDemandPoll(c: Caller, req: OnDemandPoll): Promise<CommandsIssued> {
  const members = authorized(await dnidMembers(c.db, c.scope, req), req);
  return send(
    c,
    members[0].companyId,
    members.map((m) => memberCommand(m, "onDemandCommand", { code: req.code })),
  );
}

/** POST /rest/dnids/downloadDnid: the dnid is downloaded again to the member's terminals. */
export async function downloadDnid(c: Caller, req: DnidMemberCommand): Promise<CommandsIssued> {
  const members = authorized(await dnidMembers(c.db, c.scope, req), req);
  return send(c, members[0].companyId, members.map((m) => memberCommand(m, "downloadDnid")));
}

/** The station took at least one command (a refused one is 6 Failed at once). */
const handedOver = (issued: CommandsIssued) => issued.commands.some((c) => c.status !== FAILED);

/** Writes the member's program fields (every terminal of the member). */
async function setProgram(
  db: Db,
  req: DnidMemberCommand,
  program: { progActive?: boolean; progInterval?: number; progStartFrame?: number },
) {
  await db.update(dnidStatuses).set({ ...program, progUpdatedOn: new Date() }).where(and(
    eq(dnidStatuses.dnidId, req.dnid),
    eq(dnidStatuses.les, req.les),
    eq(dnidStatuses.member, req.member),
  ));
}

/** POST /rest/dnids/createProgram: defines the program (not started: progActive unchanged). */
export async function createProgram(c: Caller, req: CreateProgram): Promise<CommandsIssued> {
  const members = authorized(await dnidMembers(c.db, c.scope, req), req);
  const program = { interval: req.interval, startFrame: req.startFrame };
  const issued = await send(
    c,
    members[0].companyId,
    members.map((m) => memberCommand(m, "createProgram", program)),
  );
  if (handedOver(issued)) {
    await setProgram(c.db, req, { progInterval: req.interval, progStartFrame: req.startFrame });
  }
  return issued;
}

/** POST /rest/dnids/startProgram and stopProgram: 409 when the member has no program. */
export async function switchProgram(
  c: Caller,
  req: DnidMemberCommand,
  start: boolean,
): Promise<CommandsIssued> {
  const members = authorized(await dnidMembers(c.db, c.scope, req), req);
  const [program] = await c.db.select({
    interval: dnidStatuses.progInterval,
    startFrame: dnidStatuses.progStartFrame,
  }).from(dnidStatuses).where(and(
    eq(dnidStatuses.dnidId, req.dnid),
    eq(dnidStatuses.les, req.les),
    eq(dnidStatuses.member, req.member),
  )).limit(1);
  if (program?.interval === null || program?.interval === undefined) {
    throw new ApiError(409, M.noProgram(req.dnid, req.member));
  }
  const issued = await send(
    c,
    members[0].companyId,
    members.map((m) =>
      memberCommand(
        m,
        start ? "startProgram" : "stopProgram",
        start ? { interval: program.interval, startFrame: program.startFrame } : {},
      )
    ),
  );
  if (handedOver(issued)) await setProgram(c.db, req, { progActive: start });
  return issued;
}

// ---- EGC ----

/** POST /rest/egc/send: one egcMessage to the enid. */
export async function sendEgc(c: Caller, req: EgcSend): Promise<CommandsIssued> {
  const enid = await reachEnid(c.db, c.scope, req.enid);
  return send(c, enid.companyId, [{
    target: `Enid ${enid.id}`,
    command: "egcMessage",
    mt: String(enid.id),
    genericCommandType: INMARSAT_C,
    commandSubType: req.priority,
    parameters: {
      enid: enid.id,
      les: req.les,
      region: req.region,
      priority: req.priority,
      repetitions: req.repetitions,
      text: req.text,
    },
  }]);
}

/**
 * The state of the services (GET /rest/monitoring/services; docs/decisions/0014 "Live
 * figures"): the portal's adapters from their heartbeats (./heartbeats.ts) with their backlogs,
 * and every push process from its push events with the waiting push traffic it serves.
 */
import { inArray, sql } from "drizzle-orm";
import { type Db, executeRows } from "../../../db/client.ts";
import {
  pushEvents,
  pushProcesses,
  pushTraffic,
  serviceHeartbeats,
  teams,
  tgids,
} from "../../../db/schema/mod.ts";
import type {
  AdapterService,
  ProcessService,
  Services,
} from "../../../openapi/schemas/monitoring.ts";
import {
  at,
  commandsDrivenCount,
  DAY_MS,
  epochMs,
  HOUR_MS,
  isoOf,
  MINUTE_MS,
  pushWaiting,
  pushWaitingCount,
  stationWaitingCount,
  within,
} from "./queries.ts";

/** An adapter whose last beat is older than this is stalled. */
const BEAT_STALE_MS = 30_000;
/** A process with an event within this is running; within a day idle; else silent. */
const PROCESS_RUNNING_MS = 15 * MINUTE_MS;

const ADAPTERS = [
  {
    service: "les",
    label: "Land earth station adapter",
    backlog: sql`${commandsDrivenCount} + ${stationWaitingCount}`,
    backlogLabel: "commands and messages the station has not finished",
  },
  {
    service: "delivery",
    label: "Delivery engine",
    backlog: pushWaitingCount,
    backlogLabel: "push messages waiting for delivery",
  },
] as const;

async function readAdapters(db: Db, now: Date): Promise<AdapterService[]> {
  const backlogs = sql.join(
    ADAPTERS.map((a) => sql`${a.backlog} as ${sql.identifier(a.service)}`),
    sql`, `,
  );
  const [[counts], beats] = await Promise.all([
    executeRows<Record<AdapterService["service"], number>>(db, sql`select ${backlogs}`),
    db.select().from(serviceHeartbeats).where(
      inArray(serviceHeartbeats.service, ADAPTERS.map((a) => a.service)),
    ),
  ]);
  const byService = new Map(beats.map((b) => [b.service, b]));
  return ADAPTERS.map(({ service, label, backlogLabel }) => {
    const beat = byService.get(service);
    const iso = (d: Date | null | undefined) => d ? d.toISOString() : null;
    return {
      service,
      label,
      implementation: beat?.implementation ?? null,
      state: !beat
        ? "stopped"
        : beat.lastBeatAt.getTime() >= now.getTime() - BEAT_STALE_MS
        ? "running"
        : "stalled",
      instance: beat?.instance ?? null,
      startedAt: iso(beat?.startedAt),
      lastBeatAt: iso(beat?.lastBeatAt),
      lastWorkAt: iso(beat?.lastWorkAt),
      processed: Number(beat?.processed ?? 0),
      lastError: beat?.lastError ?? null,
      lastErrorAt: iso(beat?.lastErrorAt),
      backlog: Number(counts[service]),
      backlogLabel,
    };
  });
}

interface ProcessRow {
  id: number;
  hostname: string;
  mode: string;
  protocol: string | null;
  port: number;
  team_id: number | null;
  team_name: string | null;
  last_at: number | null;
  last_level: string | null;
  last_message: string | null;
  events_last_hour: number;
  errors_last_day: number;
  backlog: number;
}

/**
 * Every push process with its newest event and event counts (index (process_id, timestamp),
 * one LATERAL probe each) and its backlog: the waiting push traffic of its team's tgids — for a
 * process without a team, of the tgids (or no tgid) whose team has no process of its own.
 */
async function readProcesses(db: Db, now: Date): Promise<ProcessService[]> {
  const p = pushProcesses, e = pushEvents, pt = pushTraffic;
  const ofProcess = sql`${e.processId} = ${p.id}`;
  const rows = await executeRows<ProcessRow>(
    db,
    sql`with served as (
        select distinct ${p.teamId} as team_id from ${p} where ${p.teamId} is not null
      ), backlog as (
        select served.team_id, count(*)::int as n
        from ${pt} left join ${tgids} on ${tgids.id} = ${pt.tgidId}
          left join served on served.team_id = ${tgids.teamId}
        where ${pushWaiting}
        group by served.team_id
      )
      select ${p.id} as id, ${p.hostname} as hostname, ${p.mode} as mode,
        ${p.protocol} as protocol, ${p.port} as port, ${p.teamId} as team_id,
        ${teams.name} as team_name, ${epochMs(sql`newest.timestamp`)} as last_at,
        newest.level as last_level, newest.message as last_message,
        (select count(*)::int from ${e} where ${ofProcess} and ${
      within(e.timestamp, now, HOUR_MS)
    }) as events_last_hour,
        (select count(*)::int from ${e} where ${ofProcess} and ${
      within(e.timestamp, now, DAY_MS)
    } and ${e.level} = 'ERROR') as errors_last_day,
        coalesce(backlog.n, 0)::int as backlog
      from ${p}
        left join ${teams} on ${teams.id} = ${p.teamId}
        left join lateral (
          select ${e.timestamp} as timestamp, ${e.level} as level, ${e.message} as message
          from ${e} where ${ofProcess} and ${e.timestamp} <= ${at(now)}
          order by ${e.timestamp} desc, ${e.id} desc limit 1
        ) newest on true
        left join backlog on backlog.team_id is not distinct from ${p.teamId}
      order by ${p.hostname}, ${p.id}`,
  );
  return rows.map((r) => {
    const age = r.last_at === null ? Infinity : now.getTime() - Number(r.last_at);
    return {
      id: Number(r.id),
      hostname: r.hostname,
      mode: r.mode,
      protocol: r.protocol,
      port: Number(r.port),
      team: r.team_id === null ? null : { id: Number(r.team_id), name: r.team_name ?? "" },
      state: age <= PROCESS_RUNNING_MS ? "running" : age <= DAY_MS ? "idle" : "silent",
      lastActivityAt: isoOf(r.last_at),
      lastLevel: r.last_level,
      lastMessage: r.last_message,
      eventsLastHour: Number(r.events_last_hour),
      errorsLastDay: Number(r.errors_last_day),
      backlog: Number(r.backlog),
    };
  });
}

export async function readServices(db: Db, now = new Date()): Promise<Services> {
  const [adapters, processes] = await Promise.all([
    readAdapters(db, now),
    readProcesses(db, now),
  ]);
  return { measuredAt: now.toISOString(), adapters, processes };
}

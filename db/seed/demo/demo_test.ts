import assert from "node:assert/strict";
import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  COMMAND_PROTOCOLS,
  COMMAND_STATUS,
  DELIVERY_TYPES,
  DEVICE_TYPES,
  FORBIDDEN_DNID,
  ITEM_TYPES,
  NEWS_LEVELS,
  PUSH_STATUS,
  RIGHTS_VALUES,
  ROBOT_NAMES,
  ROBOT_STATUS,
  ROBOT_TYPES,
  type RouteType,
} from "../../../openapi/enums.ts";
import { executeRows } from "../../client.ts";
import { DB_KINDS, isolatedDatabase } from "../../../tests/fixtures/db.ts";
import {
  commandLists,
  commands,
  companies,
  dnids,
  dnidStatuses,
  ftpRoutes,
  news,
  pushTraffic,
  robotTraffic,
  smtpRoutes,
  tcpRoutes,
  teams,
  terminalItems,
  terminals,
  users,
  wsRoutes,
} from "../../schema/mod.ts";
import { DEMO_ACCOUNTS, seedDemo } from "./mod.ts";
import { ERROR_CODES } from "../error_codes.ts";
import { SAMPLE_PATHS } from "../../../bench/samples.ts";
import { ROUTE_MAP, ROUTES } from "../../../routes/mod.ts";
import { PageRedirect } from "../../../routes/types.ts";
import { EVERY_COMPANY } from "../../../server/services/tenancy.ts";
import type { Deps } from "../../../server/router.ts";
import { DEFAULT_RETRY_SCHEDULE, parseSchedule } from "../../../server/delivery/schedule.ts";
import { replayAll } from "../../../tests/fixtures/delivery_replay.ts";
import type { SessionUser } from "../../../server/auth/sessions.ts";
import { sessionUserColumns } from "../../../server/services/users/session/sign_in.ts";

const DAY = 86_400_000;
const keys = (o: object) => Object.keys(o).map(Number).sort((a, b) => a - b);
const sorted = <T>(values: Iterable<T>) => [...new Set(values)].sort();

for (const kind of DB_KINDS) {
  Deno.test(
    { name: `[db/seed] demo seed [${kind}]`, sanitizeOps: false, sanitizeResources: false },
    async (t) => {
      const { database, close } = await isolatedDatabase(kind);
      try {
        const { db } = database;
        const now = new Date();
        const summary = await seedDemo(db, { passwordHash: "x", now });

        const query = <T>(q: SQL) => executeRows<T>(db, q);
        const countOf = async (table: string) =>
          (await query<{ n: number }>(
            sql`select count(*)::int as n from ${sql.identifier(table)}`,
          ))[0]
            .n;
        const distinct = async <T>(column: AnyPgColumn, table: PgTable) =>
          (await db.selectDistinct({ v: column }).from(table)).map((r) => r.v as T);

        await t.step("[db/seed] summary counts match the tables", async () => {
          assert.equal(summary.skipped, false);
          for (const [table, n] of Object.entries(summary.counts)) {
            assert.equal(await countOf(table), n, table);
          }
        });

        await t.step("[db/seed] error codes are unique and sorted", () => {
          const codes = ERROR_CODES.map((e) => e.code);
          assert.deepEqual(codes, [...new Set(codes)].sort((a, b) => a - b));
          for (const code of [-1, 400, 401, 403, 404, 500, 23000]) assert.ok(codes.includes(code));
        });

        await t.step("[db/seed] the 9 demo accounts with their rights and companies", async () => {
          const rows = await db.select({
            id: users.id,
            mail: users.mail,
            active: users.active,
            rights: teams.rights,
            companyId: users.companyId,
            teamCompanyId: teams.companyId,
          }).from(users).innerJoin(teams, eq(users.teamId, teams.id));
          const byId = new Map(rows.map((r) => [r.id, r]));
          assert.equal(DEMO_ACCOUNTS.length, 9);
          const companyOf = {
            operator: new Set<number>(),
            A: new Set<number>(),
            B: new Set<number>(),
          };
          for (const account of DEMO_ACCOUNTS) {
            const user = byId.get(account.id);
            assert.ok(user, account.id);
            assert.equal(user.rights, account.rights, account.id);
            assert.equal(user.mail, account.id);
            assert.equal(user.active, true);
            assert.equal(user.companyId, user.teamCompanyId);
            companyOf[account.company].add(user.companyId);
          }
          for (const set of Object.values(companyOf)) assert.equal(set.size, 1);
          const [operator] = companyOf.operator, [a] = companyOf.A, [b] = companyOf.B;
          assert.equal(new Set([operator, a, b]).size, 3);
          assert.ok(rows.length >= 35, "demo accounts plus ~30 users");
          assert.ok(rows.some((r) => !r.active), "some inactive users");
          const hashes = await distinct<string>(users.passwordHash, users);
          assert.deepEqual(hashes, ["x"]);
          assert.ok((await countOf("companies")) >= 6);
          const names = (await db.select({ name: companies.name }).from(companies)).map((c) =>
            c.name
          );
          assert.ok(names.includes("Sat Operator"));
        });

        await t.step("[db/seed] every rights value has a team", async () => {
          const rights = await distinct<number>(teams.rights, teams);
          for (const r of RIGHTS_VALUES) assert.ok(rights.includes(r), `rights ${r}`);
        });

        await t.step("[db/seed] every device type has terminals with item logs", async () => {
          const types = await distinct<number>(terminals.deviceTypeId, terminals);
          assert.deepEqual(types.sort((a, b) => a - b), DEVICE_TYPES.map((d) => d.id));
          assert.deepEqual(
            sorted(await distinct<string>(terminalItems.type, terminalItems)),
            [
              ...ITEM_TYPES,
            ].sort(),
          );
          const names = await distinct<string>(terminalItems.name, terminalItems);
          for (const name of ["ncsUpdateTime", "loginTime", "batteryLevel"]) {
            assert.ok(names.includes(name), name);
          }
        });

        await t.step("[db/seed] dnids and their statuses", async () => {
          const ids = await distinct<number>(dnids.id, dnids);
          assert.ok(!ids.includes(FORBIDDEN_DNID));
          // More than one page of 255 in the dnid overview.
          assert.ok(ids.length > 255, `${ids.length} dnids`);
          assert.deepEqual(await distinct<number>(dnids.les, dnids), [21]);
          const statuses = await distinct<number>(dnidStatuses.status, dnidStatuses);
          assert.ok(statuses.some((s) => s < 0), "not authorized");
          assert.ok(statuses.some((s) => s >= 0 && s < 3), "active");
          assert.ok(statuses.some((s) => s >= 3), "inactive");
        });

        await t.step("[db/seed] every command status and protocol has a command", async () => {
          assert.deepEqual(
            (await distinct<number>(commands.status, commands)).sort((a, b) => a - b),
            keys(COMMAND_STATUS),
          );
          assert.deepEqual(
            (await distinct<number>(commandLists.protocol, commandLists)).sort((a, b) => a - b),
            keys(COMMAND_PROTOCOLS),
          );
        });

        await t.step(
          "[db/seed] messages keep their recipients' labels, none of another company's",
          async () => {
            // A label kept with a message is of a terminal its company sees (decision 0019).
            const [r] = await query<{ labelled: number; foreign: number; unseen: number }>(sql`
              with seen as (
                select tm.company_id, g.id as tgid_id from tgids g join teams tm on tm.id = g.team_id
                union select tm.company_id, s.tgid_id from tgid_teams s
                join teams tm on tm.id = s.team_id)
              select count(*) filter (where m.recipient_label is not null)::int as labelled,
                count(*) filter (where u.tgid_id is null)::int as unseen,
                count(*) filter (where m.recipient_label is not null and u.tgid_id is null)::int
                  as foreign
              from station_messages m join mtls mt on mt.imn = m.recipient
              join terminals t on t.device_id = mt.device_id
              left join seen u on u.company_id = m.company_id and u.tgid_id = t.tgid_id`);
            assert.ok(r.labelled > 0, "some messages keep a label");
            assert.ok(r.unseen > 0, "some go to a terminal their company does not see");
            assert.equal(r.foreign, 0);
            const [c] = await query<{ labelled: number }>(
              sql`select count(*)::int as labelled from commands where target_label is not null`,
            );
            assert.ok(c.labelled > 0, "some commands keep a label");
          },
        );

        await t.step("[db/seed] traffic covers every status, delivery type and robot", async () => {
          const covered = async (column: AnyPgColumn, table: PgTable) =>
            (await distinct<number>(column, table)).sort((a, b) => a - b);
          // Every push status the delivery engine records: it never writes 2 (In … relay).
          assert.deepEqual(
            await covered(pushTraffic.status, pushTraffic),
            keys(PUSH_STATUS).filter((s) => s !== 2),
          );
          assert.deepEqual(
            await covered(pushTraffic.deliveryType, pushTraffic),
            keys(DELIVERY_TYPES),
          );
          assert.deepEqual(await covered(robotTraffic.status, robotTraffic), keys(ROBOT_STATUS));
          assert.deepEqual(await covered(robotTraffic.type, robotTraffic), keys(ROBOT_TYPES));
          assert.deepEqual(
            sorted(await distinct<string>(robotTraffic.robot, robotTraffic)),
            [...ROBOT_NAMES].sort(),
          );
          assert.ok((await distinct<number>(pushTraffic.protocol, pushTraffic)).length >= 10);
        });

        await t.step(
          "[db/seed] every push message's status, errors and counters follow from its attempts by the engine's rules",
          async () => {
            const problems = await replayAll(db, parseSchedule(DEFAULT_RETRY_SCHEDULE));
            assert.equal(
              problems.length,
              0,
              `${problems.length} disagreements, e.g.:\n${problems.slice(0, 12).join("\n")}`,
            );
            const [attempts] = await query<{ n: number }>(
              sql`select count(*)::int as n from push_attempts`,
            );
            assert.ok(attempts.n >= 5000, `${attempts.n} attempts`);
          },
        );

        await t.step("[db/seed] 5000+ traffic rows each within the last 30 days", async () => {
          const from = new Date(now.getTime() - 30 * DAY).toISOString();
          const to = now.toISOString();
          for (
            const [table, column] of [["push_traffic", "les_c_stored_time"], [
              "robot_traffic",
              "received_time",
            ]]
          ) {
            const [row] = await query<{ n: number; outside: number }>(sql`
          select count(*)::int as n,
            (count(*) filter (where ${sql.identifier(column)} < ${from}::timestamptz
              or ${sql.identifier(column)} > ${to}::timestamptz))::int as outside
          from ${sql.identifier(table)}`);
            assert.ok(row.n >= 5000, `${table}: ${row.n}`);
            assert.equal(row.outside, 0, table);
          }
          const [multi] = await query<{ n: number }>(sql`
        select count(*)::int as n from push_traffic c join push_traffic p on p.id = c.parent_id`);
          assert.ok(multi.n > 0, "multi-push rows");
          const [cc] = await query<{ full: number; empty: number }>(sql`
        select (count(*) filter (where error_label ~ 'CC: \\S+@'))::int as full,
          (count(*) filter (where error_label ~ 'CC:$'))::int as empty from robot_traffic`);
          assert.ok(cc.full > 0 && cc.empty > 0, "carbon-copy sections");
        });

        await t.step("[db/seed] news of every level, public and not", async () => {
          const rows = await db.select({
            level: news.level,
            public: news.public,
            at: news.createdAt,
          })
            .from(news);
          assert.deepEqual(sorted(rows.map((r) => r.level)), [...NEWS_LEVELS].sort());
          assert.deepEqual(sorted(rows.map((r) => r.public)), [false, true]);
          for (const r of rows) assert.ok(now.getTime() - r.at.getTime() <= 60 * DAY);
        });

        await t.step("[db/seed] routes of every protocol, some destinations locked", async () => {
          const tables: Record<RouteType, PgTable> = {
            tcp: tcpRoutes,
            ftp: ftpRoutes,
            ws: wsRoutes,
            smtp: smtpRoutes,
          };
          for (const [type, table] of Object.entries(tables)) {
            const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
            assert.ok(row.n > 0, type);
          }
          const locked = await db.select({ n: sql<number>`count(*)::int` }).from(tcpRoutes)
            .where(sql`${tcpRoutes.txPrimaryUp} < 0 or ${tcpRoutes.txSecondaryUp} < 0`);
          assert.ok(locked[0].n > 0);
        });

        await t.step(
          "[db/seed] the page bench's samples: one per parameter route, each a demo row",
          async () => {
            const sampled = new Map(
              SAMPLE_PATHS.map((path) => [ROUTE_MAP.match(path)!.route, path]),
            );
            for (const route of ROUTES.filter((r) => r.pattern.includes(":"))) {
              assert.ok(sampled.has(route), `no bench sample for ${route.pattern}`);
            }
            // A detail page's heading is found only for a row the demo admin reaches.
            const [admin] = await db.select(sessionUserColumns).from(users)
              .innerJoin(teams, eq(teams.id, users.teamId))
              .innerJoin(companies, eq(companies.id, users.companyId))
              .where(eq(users.id, "admin@demo.test"));
            const user: SessionUser = { ...admin, admin: true, sessionId: "" };
            const ctxOf = (path: string) => ({
              url: new URL(path, "http://localhost"),
              params: ROUTE_MAP.match(path)!.params,
              user,
              scope: EVERY_COMPANY,
              deps: { db } as Deps,
              map: ROUTE_MAP,
            });
            for (const [route, path] of sampled) {
              if (route.heading) assert.ok(await route.heading(ctxOf(path)), path);
            }
            const mtl = [...sampled].find(([r]) => r.pattern.includes("/mtl/"))!;
            await assert.rejects(
              () => mtl[0].load!(ctxOf(mtl[1])),
              (e) => e instanceof PageRedirect && /^\/management\/terminal\/\d+$/.test(e.location),
            );
          },
        );

        await t.step("[db/seed] a second run is skipped and inserts nothing", async () => {
          const tables = Object.keys(summary.counts);
          const before = await Promise.all(tables.map(countOf));
          const again = await seedDemo(db, { passwordHash: "y", now });
          assert.equal(again.skipped, true);
          assert.deepEqual(again.counts, {});
          assert.deepEqual(await Promise.all(tables.map(countOf)), before);
        });
      } finally {
        await close();
      }
    },
  );
}

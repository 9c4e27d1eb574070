import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import type { Ctx } from "../../fixtures/app.ts";
import { pushEvents, pushProcesses } from "../../../db/schema/mod.ts";
import {
  isHostOrIpv4,
  PROCESS_MESSAGES,
  ProcessFormSchema,
} from "../../../openapi/schemas/push/push_processes.ts";
import { PROCESS_DEFAULTS } from "../../../openapi/enums.ts";

async function tokenOf(ctx: Ctx, rights: number) {
  const user = await ctx.f.user({ rights });
  return (await signIn(ctx, user.id, TEST_PASSWORD)).token;
}

const fieldsOf = (body: unknown) =>
  Object.fromEntries(
    ((body as { fields?: { path: string; message: string }[] }).fields ?? [])
      .map((f) => [f.path, f.message]),
  );

dbTest("[rest/push] addProcess applies the defaults and answers lastInsertId", async (ctx) => {
  const token = await tokenOf(ctx, 1);
  const team = await ctx.f.team();
  const r = await ctx.call("POST", "/rest/push/addProcess", {
    token,
    json: { port: 5300, team: team.id },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const body = r.body as { lastInsertId: number; process: Record<string, unknown> };
  assert.ok(body.lastInsertId > 0);
  assert.deepEqual(body.process, {
    id: body.lastInsertId,
    hostname: PROCESS_DEFAULTS.hostname,
    mode: PROCESS_DEFAULTS.mode,
    protocol: null,
    port: 5300,
    min: PROCESS_DEFAULTS.min,
    max: PROCESS_DEFAULTS.max,
    ipFep: null,
    team: team.id,
    teamName: team.name,
  });
  const [row] = await ctx.db.select().from(pushProcesses)
    .where(eq(pushProcesses.id, body.lastInsertId));
  assert.equal(row.minSpare, 2);
  assert.equal(row.maxSpare, 4);

  // Every field given.
  const full = await ctx.call("POST", "/rest/push/addProcess", {
    token,
    json: {
      hostname: "pushd.example.net",
      mode: "W",
      port: 65535,
      min: 0,
      max: 49,
      ipFep: "10.12.0.31",
      team: null,
      protocol: "WS",
    },
  });
  assert.equal(full.status, 200, JSON.stringify(full.body));
  const p = (full.body as { process: Record<string, unknown> }).process;
  assert.deepEqual(
    [p.hostname, p.mode, p.port, p.min, p.max, p.ipFep, p.team, p.protocol],
    ["pushd.example.net", "W", 65535, 0, 49, "10.12.0.31", null, "WS"],
  );
});

dbTest(
  "[rest/push] addProcess refuses min > max, bad modes, ports, spares, hosts and teams",
  async (ctx) => {
    const token = await tokenOf(ctx, 1);
    const add = (json: Record<string, unknown>) =>
      ctx.call("POST", "/rest/push/addProcess", { token, json: { port: 5300, ...json } });

    // min ≤ max, with the minProcess and maxProcess messages.
    const order = await add({ min: 5, max: 3 });
    assert.equal(order.status, 400);
    assert.deepEqual(fieldsOf(order.body), {
      min: PROCESS_MESSAGES.minProcess(3),
      max: PROCESS_MESSAGES.maxProcess(5),
    });
    assert.equal(PROCESS_MESSAGES.minProcess(3), "Min spare must be at most 3");
    assert.equal(PROCESS_MESSAGES.maxProcess(5), "Max spare must be at least 5");
    // A default on one side counts: max defaults to 4.
    assert.equal((await add({ min: 5 })).status, 400);
    assert.equal((await add({ min: 4 })).status, 200);
    assert.equal((await add({ min: 3, max: 3 })).status, 200);

    // Delivery modes exactly D, P, F, W.
    for (const mode of ["P", "F", "W", "D"]) assert.equal((await add({ mode })).status, 200);
    const mode = await add({ mode: "X" });
    assert.equal(mode.status, 400);
    assert.deepEqual(fieldsOf(mode.body), { mode: "Mode must be one of D, P, F, W" });
    assert.equal((await add({ mode: "d" })).status, 400);

    // Spare choices: min 0–19, max 0–49.
    assert.deepEqual(fieldsOf((await add({ min: 20, max: 30 })).body), {
      min: "Min spare must be at most 19",
    });
    assert.deepEqual(fieldsOf((await add({ max: 50 })).body), {
      max: "Max spare must be at most 49",
    });
    assert.deepEqual(fieldsOf((await add({ min: -1 })).body), {
      min: "Min spare must be at least 0",
    });
    assert.equal((await add({ min: 19, max: 49 })).status, 200);
    assert.equal((await add({ min: 1.5 })).status, 400);

    // Port 1–65535, required.
    assert.deepEqual(fieldsOf((await add({ port: 0 })).body), { port: "Port must be at least 1" });
    assert.deepEqual(fieldsOf((await add({ port: 65536 })).body), {
      port: "Port must be at most 65535",
    });
    const noPort = await ctx.call("POST", "/rest/push/addProcess", { token, json: {} });
    assert.equal(noPort.status, 400);
    assert.ok("port" in fieldsOf(noPort.body));

    // Hostname and ipFep: a host name or an IPv4 address.
    assert.deepEqual(fieldsOf((await add({ hostname: "push c" })).body), {
      hostname: PROCESS_MESSAGES.hostname,
    });
    assert.deepEqual(fieldsOf((await add({ ipFep: "10.12.0.300" })).body), {
      ipFep: PROCESS_MESSAGES.ipFep,
    });
    assert.deepEqual(fieldsOf((await add({ hostname: "" })).body), {
      hostname: "Hostname is required",
    });
    assert.equal((await add({ ipFep: "" })).status, 200, "empty ipFep is none");
    assert.equal((await add({ ipFep: "fep-1.example.org" })).status, 200);

    // A team must exist.
    const team = await add({ team: 999_999_999 });
    assert.equal(team.status, 400);
    assert.equal((team.body as { message: string }).message, PROCESS_MESSAGES.unknownTeam);
  },
);

Deno.test("[rest/push] host names and IPv4 addresses", () => {
  for (const ok of ["pushc", "10.12.0.21", "push-c2.example.net", "0.0.0.0", "255.255.255.255"]) {
    assert.ok(isHostOrIpv4(ok), ok);
  }
  for (
    const bad of ["", "push c", "-pushc", "pushc-", "a..b", "1.2.3", "1.2.3.256", "a_b", "x.", "ü"]
  ) {
    assert.ok(!isHostOrIpv4(bad), bad);
  }
});

Deno.test("[rest/push] the process form checks what the server checks", () => {
  const valid = {
    hostname: "pushc",
    mode: "D",
    protocol: "",
    port: "5101",
    min: 2,
    max: 4,
    ipFep: "",
    company: null,
    team: null,
  } as const;
  const ok = ProcessFormSchema.safeParse(valid);
  assert.ok(ok.success);
  assert.deepEqual(ok.data, {
    hostname: "pushc",
    mode: "D",
    protocol: null,
    port: 5101,
    min: 2,
    max: 4,
    ipFep: null,
    team: null,
  });
  const bad = ProcessFormSchema.safeParse({ ...valid, min: 6, max: 5 });
  assert.ok(!bad.success);
  assert.deepEqual(
    bad.error.issues.map((i) => [i.path.join("."), i.message]),
    [["min", PROCESS_MESSAGES.minProcess(5)], ["max", PROCESS_MESSAGES.maxProcess(6)]],
  );
  assert.ok(!ProcessFormSchema.safeParse({ ...valid, port: "70000" }).success);
  assert.ok(!ProcessFormSchema.safeParse({ ...valid, port: "" }).success);
  assert.ok(!ProcessFormSchema.safeParse({ ...valid, mode: "X" }).success);
});

dbTest("[rest/push] getProcess, all, updateProcess and deleteProcess", async (ctx) => {
  const token = await tokenOf(ctx, 1);
  const team = await ctx.f.team();
  const a = await ctx.f.pushProcess({ teamId: team.id, protocol: "TCP", ipFep: "10.0.0.1" });
  const b = await ctx.f.pushProcess({ hostname: "pushc2", mode: "W" });

  const got = await ctx.call("GET", `/rest/push/getProcess?id=${a.id}`, { token });
  assert.equal(got.status, 200, JSON.stringify(got.body));
  assert.deepEqual(got.body, {
    id: a.id,
    hostname: "pushc",
    mode: "D",
    protocol: "TCP",
    port: a.port,
    min: 2,
    max: 4,
    ipFep: "10.0.0.1",
    team: team.id,
    teamName: team.name,
  });
  assert.equal(
    (await ctx.call("GET", "/rest/push/getProcess?id=999999999", { token })).status,
    404,
  );
  assert.equal((await ctx.call("GET", "/rest/push/getProcess?id=x", { token })).status, 400);

  const all = await ctx.call("GET", "/rest/push/all", { token });
  assert.equal(all.status, 200);
  const ids = (all.body as { id: number }[]).map((p) => p.id);
  assert.ok(ids.includes(a.id) && ids.includes(b.id));
  assert.deepEqual(ids, [...ids].sort((x, y) => x - y), "by id");

  // Update: address is the hostname, delivery the mode; omitted protocol/ipFep/team are kept.
  const update = (json: Record<string, unknown>) =>
    ctx.call("POST", "/rest/push/updateProcess", { token, json });
  const base = { id: a.id, address: "pushd", delivery: "F", port: 6000, min: 1, max: 9 };
  const u = await update(base);
  assert.equal(u.status, 200, JSON.stringify(u.body));
  assert.deepEqual(u.body, {
    ...(got.body as object),
    hostname: "pushd",
    mode: "F",
    port: 6000,
    min: 1,
    max: 9,
  });
  const cleared = await update({ ...base, protocol: null, ipFep: "", team: null });
  assert.deepEqual(
    [
      (cleared.body as { protocol: unknown }).protocol,
      (cleared.body as { ipFep: unknown }).ipFep,
      (cleared.body as { team: unknown }).team,
    ],
    [null, null, null],
  );
  const order = await update({ ...base, min: 10, max: 9 });
  assert.equal(order.status, 400);
  assert.deepEqual(fieldsOf(order.body), {
    min: PROCESS_MESSAGES.minProcess(9),
    max: PROCESS_MESSAGES.maxProcess(10),
  });
  assert.equal((await update({ ...base, delivery: "X" })).status, 400);
  assert.equal((await update({ ...base, id: 999_999_999 })).status, 404);
  assert.equal((await update({ ...base, team: 999_999_999 })).status, 400);
  // The spec's names only: address and delivery are required on update.
  assert.equal((await update({ id: a.id, port: 6000, min: 1, max: 9 })).status, 400);

  // Delete: what was deleted; its push events stay, without it.
  await ctx.db.insert(pushEvents).values({
    timestamp: new Date(),
    hostname: "pushd",
    processId: a.id,
    level: "INFO",
    message: "Process started",
  });
  const del = await ctx.call("DELETE", `/rest/push/deleteProcess?id=${a.id}`, { token });
  assert.equal(del.status, 200, JSON.stringify(del.body));
  assert.equal((del.body as { id: number }).id, a.id);
  assert.equal((del.body as { hostname: string }).hostname, "pushd");
  const [event] = await ctx.db.select().from(pushEvents).where(eq(pushEvents.hostname, "pushd"));
  assert.equal(event.processId, null);
  assert.equal(
    (await ctx.call("DELETE", `/rest/push/deleteProcess?id=${a.id}`, { token })).status,
    404,
  );
  assert.equal((await ctx.call("GET", `/rest/push/getProcess?id=${a.id}`, { token })).status, 404);
});

dbTest("[rest/push] process calls are for administrators only", async (ctx) => {
  const client = await tokenOf(ctx, 100);
  const p = await ctx.f.pushProcess();
  const calls = [
    ctx.call("POST", "/rest/push/addProcess", { token: client, json: { port: 5300 } }),
    ctx.call("POST", "/rest/push/updateProcess", {
      token: client,
      json: { id: p.id, address: "x", delivery: "D", port: 1, min: 0, max: 0 },
    }),
    ctx.call("DELETE", `/rest/push/deleteProcess?id=${p.id}`, { token: client }),
    ctx.call("GET", `/rest/push/getProcess?id=${p.id}`, { token: client }),
    ctx.call("GET", "/rest/push/all", { token: client }),
    ctx.call("POST", "/rest/push/find", { token: client, json: { type: "process" } }),
  ];
  for (const r of await Promise.all(calls)) assert.equal(r.status, 403);
  const [row] = await ctx.db.select().from(pushProcesses).where(eq(pushProcesses.id, p.id));
  assert.equal(row.hostname, "pushc", "unchanged");
  assert.equal((await ctx.call("GET", "/rest/push/all", {})).status, 401);
});

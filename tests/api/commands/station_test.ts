/**
 * LES traffic: POST /rest/station/find (newest first, 10 a page, every filter and sort, the
 * spec's rows and totalNumber, a client sees its own company's messages only, `mine`), GET
 * /rest/inmarsat/delete (only 0 forward in progress, through the LES: 14 user deleted; any other
 * status 409 with the spec's words; unknown or another company's 404), the /station summary and
 * the two pages.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { assertRefused, type Ctx, dbTest } from "../../fixtures/app.ts";
import { unique } from "../../fixtures/factories.ts";
import { admin, clientTenant as tenant, h1, html } from "../../fixtures/companies_teams.ts";
import { commands, stationMessages } from "../../../db/schema/mod.ts";
import { STATION_MESSAGE_STATUS } from "../../../openapi/enums.ts";
import { STATION_MESSAGES } from "../../../openapi/schemas/station/station.ts";
import { stationSummary } from "../../../server/services/station/read.ts";

type Tenant = Awaited<ReturnType<typeof tenant>>;

const imn = () => String(400_000_000 + Math.floor(Math.random() * 99_999_999));

/** A station message of `t`'s company, sent by `t`'s user unless told otherwise. */
async function message(
  ctx: Ctx,
  t: Tenant,
  opts: Partial<typeof stationMessages.$inferInsert> = {},
) {
  const [row] = await ctx.db.insert(stationMessages).values({
    companyId: t.company.id,
    userKey: t.user.key,
    les: 21,
    recipient: imn(),
    text: unique("Hello"),
    size: 20,
    status: 12,
    ...opts,
  }).returning();
  return row;
}

const find = (ctx: Ctx, token: string, json: unknown) =>
  ctx.call("POST", "/rest/station/find", { token, json });

const refs = (r: { body: { rows: { refNum: number }[] } }) => r.body.rows.map((m) => m.refNum);

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

// ---- find ----

dbTest("[rest/station] find: 10 a page, newest first, rows and totalNumber", async (ctx) => {
  const t = await tenant(ctx);
  const made = [];
  for (let i = 0; i < 12; i++) {
    made.push((await message(ctx, t, { createdAt: minutesAgo(12 - i) })).refNum);
  }
  const first = await find(ctx, t.token, {});
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.deepEqual(refs(first), made.toReversed().slice(0, 10));
  assert.equal(first.body.totalNumber, 12);
  assert.equal(first.body.total, 12);
  const second = await find(ctx, t.token, { page: 2 });
  assert.deepEqual(refs(second), made.toReversed().slice(10));
  const oldest = await find(ctx, t.token, {
    sorting: { field: "createdAt", direction: "asc" },
    count: 3,
  });
  assert.deepEqual(refs(oldest), made.slice(0, 3));
  for (
    const body of [
      { sorting: { field: "text", direction: "asc" } },
      { count: 0 },
      { count: 2001 },
      { page: 0 },
      { filter: { nope: 1 } },
    ]
  ) {
    const bad = await find(ctx, t.token, body);
    assert.equal(bad.status, 400, JSON.stringify(body));
    assert.equal(typeof bad.body.message, "string");
  }
});

dbTest("[rest/station] find: a row carries the whole message", async (ctx) => {
  const t = await tenant(ctx);
  const mtl = await ctx.f.mtl({ deviceLabel: unique("Vessel") });
  const list = await ctx.f.commandList({ companyId: t.company.id, userKey: t.user.key });
  const created = new Date("2026-01-02T03:04:05.000Z");
  const m = await message(ctx, t, {
    listId: list.id,
    groupId: 1,
    itemId: 2,
    recipient: mtl.imn,
    recipientLabel: mtl.deviceLabel,
    carbonCopies: ["412345678", "423456789"],
    format: "ita2",
    text: "Position report please",
    size: 1234,
    status: 0,
    sender: "ops@fleet.example",
    replyTo: "reply@fleet.example",
    attachmentName: "route.txt",
    attachmentSize: 1000,
    notificationRecipients: ["a@fleet.example"],
    notificationReference: "REF-1",
    notificationDate: new Date("2014-11-30T12:56:24.000Z"),
    createdAt: created,
    updatedAt: created,
  });
  const r = await find(ctx, t.token, { filter: { refNum: m.refNum } });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.deepEqual(r.body.rows, [{
    refNum: m.refNum,
    listId: list.id,
    groupId: 1,
    itemId: 2,
    les: 21,
    recipient: mtl.imn,
    recipientLabel: mtl.deviceLabel,
    carbonCopies: ["412345678", "423456789"],
    format: "ita2",
    text: "Position report please",
    size: 1234,
    status: 0,
    statusLabel: "forward in progress",
    final: false,
    deletable: true,
    sender: t.user.id,
    from: "ops@fleet.example",
    replyTo: "reply@fleet.example",
    companyId: t.company.id,
    attachmentName: "route.txt",
    attachmentSize: 1000,
    notificationRecipients: ["a@fleet.example"],
    notificationReference: "REF-1",
    notificationDate: "2014-11-30T12:56:24.000Z",
    createdAt: created.toISOString(),
    updatedAt: created.toISOString(),
  }]);
  // Each status's name; only 0 is deletable; final once out of the in-progress family.
  for (const s of Object.keys(STATION_MESSAGE_STATUS).map(Number)) {
    await ctx.db.update(stationMessages).set({ status: s }).where(
      eq(stationMessages.refNum, m.refNum),
    );
    const [row] = (await find(ctx, t.token, { filter: { refNum: m.refNum } })).body.rows;
    assert.equal(row.statusLabel, STATION_MESSAGE_STATUS[s as keyof typeof STATION_MESSAGE_STATUS]);
    assert.equal(row.deletable, s === 0, `status ${s}`);
    assert.equal(row.final, ![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18].includes(s), `status ${s}`);
  }
  // A message no user of the portal sent (or whose sender was deleted): sender null.
  await ctx.db.update(stationMessages).set({ userKey: null }).where(
    eq(stationMessages.refNum, m.refNum),
  );
  assert.equal(
    (await find(ctx, t.token, { filter: { refNum: m.refNum } })).body.rows[0].sender,
    null,
  );
});

dbTest("[rest/station] find: each filter narrows, bad values are refused", async (ctx) => {
  const t = await tenant(ctx);
  const colleague = await ctx.f.user({ teamId: t.team.id, companyId: t.company.id });
  const mtl = await ctx.f.mtl({ deviceLabel: unique("Trawler") });
  const list = await ctx.f.commandList({ companyId: t.company.id, userKey: t.user.key });
  const a = await message(ctx, t, {
    recipient: mtl.imn,
    recipientLabel: mtl.deviceLabel,
    status: 0,
    listId: list.id,
    text: "Bunker at DAKAR tomorrow",
    createdAt: new Date("2025-05-04T23:59:00Z"),
  });
  const b = await message(ctx, t, {
    status: 13,
    userKey: colleague.key,
    text: "Crew change",
    createdAt: new Date("2025-05-05T00:01:00Z"),
  });
  const c = await message(ctx, t, {
    status: 15,
    text: "Weather 50%_off",
    createdAt: new Date("2025-05-06T12:00:00Z"),
  });
  const only = async (filter: unknown) => {
    const r = await find(ctx, t.token, { filter, sorting: { field: "refNum", direction: "asc" } });
    assert.equal(r.status, 200, `${JSON.stringify(filter)}: ${JSON.stringify(r.body)}`);
    assert.equal(r.body.total, 3);
    assert.equal(r.body.totalNumber, r.body.rows.length);
    return refs(r);
  };
  assert.deepEqual(await only({}), [a.refNum, b.refNum, c.refNum]);
  assert.deepEqual(await only({ refNum: a.refNum }), [a.refNum]);
  assert.deepEqual(await only({ refNum: String(b.refNum) }), [b.refNum]);
  // A part of the imn or of the label it was sent with, any case.
  assert.deepEqual(await only({ recipient: mtl.imn.slice(2, 7) }), [a.refNum]);
  assert.deepEqual(await only({ recipient: mtl.deviceLabel!.toUpperCase() }), [a.refNum]);
  // A status's code, as a number or as text; a family.
  assert.deepEqual(await only({ status: 13 }), [b.refNum]);
  assert.deepEqual(await only({ status: "0" }), [a.refNum]);
  assert.deepEqual(await only({ status: 100 }), []);
  assert.deepEqual(await only({ family: "inProgress" }), [a.refNum]);
  assert.deepEqual(await only({ family: "failed" }), [b.refNum]);
  assert.deepEqual(await only({ family: "deleted" }), [c.refNum]);
  assert.deepEqual(await only({ family: "delivered" }), []);
  assert.deepEqual(await only({ listId: list.id }), [a.refNum]);
  // Mine: the caller's own messages, not the colleague's.
  assert.deepEqual(await only({ mine: true }), [a.refNum, c.refNum]);
  assert.deepEqual(await only({ mine: false }), [a.refNum, b.refNum, c.refNum]);
  // A day (UTC; `to` takes the whole day) or a date-time.
  assert.deepEqual(await only({ from: "2025-05-05" }), [b.refNum, c.refNum]);
  assert.deepEqual(await only({ to: "2025-05-05" }), [a.refNum, b.refNum]);
  assert.deepEqual(await only({ from: "2025-05-05", to: "2025-05-05" }), [b.refNum]);
  assert.deepEqual(await only({ from: "2025-05-05T00:00:30Z", to: "2025-05-06T11:00:00+00:00" }), [
    b.refNum,
  ]);
  // The widest bounds: 1970 and 9999 (its last day whole); an offset that takes a time written
  // in those years out of them is the nearest time within them.
  assert.deepEqual(await only({ from: "1970-01-01", to: "9999-12-31" }), [
    a.refNum,
    b.refNum,
    c.refNum,
  ]);
  assert.deepEqual(
    await only({ from: "1970-01-01T00:00:00+01:00", to: "9999-12-31T23:00:00-05:00" }),
    [a.refNum, b.refNum, c.refNum],
  );
  // A part of the text, any case, wildcards literal.
  assert.deepEqual(await only({ text: "dakar" }), [a.refNum]);
  assert.deepEqual(await only({ text: "50%_" }), [c.refNum]);
  assert.deepEqual(await only({ text: "%" }), [c.refNum]);

  await assertRefused(
    (filter) => find(ctx, t.token, { filter }),
    [
      [{ status: 20 }, undefined],
      [{ status: "x" }, undefined],
      [{ family: "lost" }, "Family must be one of inProgress, delivered, failed, deleted"],
      [{ from: "2025-02-30" }, "From is not in a valid format"],
      [{ to: "05/05/2025" }, "To is not in a valid format"],
      // Years PostgreSQL refuses (or before 1970): 400, never a database error.
      [{ from: "0000-01-01" }, "From is not in a valid format"],
      [{ to: "0000-01-01" }, "To is not in a valid format"],
      [{ from: "1969-12-31" }, "From is not in a valid format"],
      [{ from: "0000-01-01T00:00:00Z" }, "From is not in a valid format"],
      [{ to: "10000-01-01T00:00:00Z" }, "To is not in a valid format"],
      [{ refNum: "x" }, "Reference must be a whole number"],
      [{ mine: "yes" }, "Mine must be true or false"],
      [{ recipient: "a\u0000b" }, undefined],
    ] as const,
  );
});

dbTest("[rest/station] find: sorts by every field, the reference breaks ties", async (ctx) => {
  const t = await tenant(ctx);
  const at = new Date("2024-01-01T00:00:00Z");
  const x = await message(ctx, t, {
    recipient: "499999999",
    size: 5,
    status: 12,
    createdAt: at,
    updatedAt: new Date("2024-02-01T00:00:00Z"),
  });
  const y = await message(ctx, t, {
    recipient: "411111111",
    size: 50,
    status: 0,
    createdAt: at,
    updatedAt: new Date("2024-01-15T00:00:00Z"),
  });
  const sorted = async (field: string, direction = "asc") =>
    refs(await find(ctx, t.token, { sorting: { field, direction } }));
  assert.deepEqual(await sorted("refNum"), [x.refNum, y.refNum]);
  assert.deepEqual(await sorted("refNum", "desc"), [y.refNum, x.refNum]);
  assert.deepEqual(await sorted("createdAt"), [x.refNum, y.refNum]);
  assert.deepEqual(await sorted("createdAt", "desc"), [y.refNum, x.refNum]);
  assert.deepEqual(await sorted("updatedAt"), [y.refNum, x.refNum]);
  assert.deepEqual(await sorted("status"), [y.refNum, x.refNum]);
  assert.deepEqual(await sorted("recipient"), [y.refNum, x.refNum]);
  assert.deepEqual(await sorted("size", "desc"), [y.refNum, x.refNum]);
});

dbTest("[rest/station] find: a client sees its own company's messages only", async (ctx) => {
  const a = await tenant(ctx);
  const b = await tenant(ctx);
  const ma = await message(ctx, a);
  const mb = await message(ctx, b);
  const ra = await find(ctx, a.token, {});
  assert.deepEqual(refs(ra), [ma.refNum]);
  assert.equal(ra.body.total, 1);
  // Filtering by the other's reference, list or recipient finds nothing.
  assert.deepEqual(refs(await find(ctx, a.token, { filter: { refNum: mb.refNum } })), []);
  assert.deepEqual(refs(await find(ctx, a.token, { filter: { recipient: mb.recipient } })), []);
  // An administrator sees both.
  const boss = await admin(ctx);
  for (const m of [ma, mb]) {
    assert.deepEqual(refs(await find(ctx, boss.token, { filter: { refNum: m.refNum } })), [
      m.refNum,
    ]);
  }
  assert.equal((await ctx.call("POST", "/rest/station/find", { json: {} })).status, 401);
});

// ---- delete ----

const remove = (ctx: Ctx, token: string, refNum: number | string) =>
  ctx.call("GET", `/rest/inmarsat/delete?refNum=${refNum}`, { token });

const statusOf = async (ctx: Ctx, refNum: number) =>
  (await ctx.db.select({ s: stationMessages.status }).from(stationMessages)
    .where(eq(stationMessages.refNum, refNum)))[0].s;

dbTest(
  "[rest/inmarsat] delete: a message forward in progress becomes user deleted",
  async (ctx) => {
    const t = await tenant(ctx);
    const list = await ctx.f.commandList({ companyId: t.company.id, userKey: t.user.key });
    const m = await message(ctx, t, { status: 0, listId: list.id, groupId: 1, itemId: 1 });
    const r = await remove(ctx, t.token, m.refNum);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.equal(r.body.message.refNum, m.refNum);
    assert.equal(r.body.message.status, 14);
    assert.equal(r.body.message.statusLabel, "user deleted");
    assert.equal(r.body.message.deletable, false);
    assert.equal(await statusOf(ctx, m.refNum), 14);
    // Its command is cancelled with it.
    const [command] = await ctx.db.select().from(commands).where(eq(commands.listId, list.id));
    assert.equal(command.status, 13);
    // Once deleted, a second delete is refused with the spec's words.
    const again = await remove(ctx, t.token, m.refNum);
    assert.equal(again.status, 409);
    assert.equal(
      again.body.message,
      STATION_MESSAGES.deleteError(STATION_MESSAGES.notDeletable(14)),
    );
  },
);

dbTest("[rest/inmarsat] delete: any other status is refused with the spec's words", async (ctx) => {
  const t = await tenant(ctx);
  for (const s of Object.keys(STATION_MESSAGE_STATUS).map(Number).filter((s) => s !== 0)) {
    const m = await message(ctx, t, { status: s });
    const r = await remove(ctx, t.token, m.refNum);
    assert.equal(r.status, 409, `status ${s}`);
    assert.equal(r.body.code, 409);
    assert.match(r.body.message, /^An error occured while deleting the message: /);
    assert.equal(r.body.message, STATION_MESSAGES.deleteError(STATION_MESSAGES.notDeletable(s)));
    assert.equal(await statusOf(ctx, m.refNum), s, "unchanged");
  }
  assert.equal(
    STATION_MESSAGES.deleteError(STATION_MESSAGES.notDeletable(12)),
    "An error occured while deleting the message: the message is delivered; only a message " +
      "that is forward in progress can be deleted",
  );
});

dbTest("[rest/inmarsat] delete: unknown, another company's and bad references", async (ctx) => {
  const a = await tenant(ctx);
  const b = await tenant(ctx);
  const mb = await message(ctx, b, { status: 0 });
  const other = await remove(ctx, a.token, mb.refNum);
  assert.equal(other.status, 404);
  assert.deepEqual(other.body, { code: 404, message: "Station message not found" });
  assert.equal(await statusOf(ctx, mb.refNum), 0, "the other company's message is untouched");
  const unknown = await remove(ctx, a.token, 9_000_000_000_000);
  assert.equal(unknown.status, 404);
  for (const bad of ["x", "0", "-1", "1.5", ""]) {
    const r = await remove(ctx, a.token, bad);
    assert.equal(r.status, 400, bad);
  }
  assert.equal((await ctx.call("GET", `/rest/inmarsat/delete?refNum=${mb.refNum}`)).status, 401);
  // An administrator may delete any company's message.
  const boss = await admin(ctx);
  assert.equal((await remove(ctx, boss.token, mb.refNum)).status, 200);
  assert.equal(await statusOf(ctx, mb.refNum), 14);
});

// ---- the /station summary and the pages ----

dbTest("[station] summary: the last 24 hours by family, the company's only", async (ctx) => {
  const a = await tenant(ctx);
  const b = await tenant(ctx);
  for (const status of [0, 7, 18, 12, 19, 13, 100, 14, 17]) await message(ctx, a, { status });
  await message(ctx, a, { status: 12, createdAt: new Date(Date.now() - 25 * 3600_000) });
  await message(ctx, b, { status: 12 });
  const s = await stationSummary(ctx.db, { onlyCompany: a.company.id });
  assert.deepEqual(s.counts, { inProgress: 3, delivered: 2, failed: 2, deleted: 2 });
  assert.equal(s.total, 9);
  assert.deepEqual(s.les, { id: 21, name: "LES 21" });
  assert.equal(s.latest.length, 8);
  assert.ok(s.latest.every((m) => m.companyId === a.company.id));
});

dbTest(
  "[pages] /station and /station/traffic: server-rendered, the company's only",
  async (ctx) => {
    const a = await tenant(ctx);
    const b = await tenant(ctx);
    const ma = await message(ctx, a, { status: 0, text: unique("Mine") });
    const mb = await message(ctx, b, { status: 12, text: unique("Theirs") });
    const landing = await ctx.call("GET", "/station", { cookie: a.cookie });
    assert.equal(landing.status, 200);
    const text = html(landing.body);
    assert.equal(h1(text), "LES Traffic");
    assert.match(text, /LES 21/);
    assert.match(text, new RegExp(String(ma.refNum)));
    assert.doesNotMatch(text, new RegExp(mb.text));
    const traffic = await ctx.call("GET", "/station/traffic", { cookie: a.cookie });
    assert.equal(traffic.status, 200);
    const table = html(traffic.body);
    assert.equal(h1(table), "LES Traffic Overview");
    assert.match(table, new RegExp(String(ma.refNum)));
    assert.match(table, /forward in progress/);
    assert.doesNotMatch(table, new RegExp(mb.text));
    // The filter in the URL narrows the first page.
    const filtered = html(
      (await ctx.call("GET", `/station/traffic?filter.status=12`, { cookie: a.cookie })).body,
    );
    assert.doesNotMatch(filtered, new RegExp(ma.text));
    // A Created filter of a year PostgreSQL refuses: the page, never an error page.
    for (const created of ["0000-01-01", "0000-01-01..", "..0000-01-01", "1969-01-01"]) {
      const r = await ctx.call(
        "GET",
        `/station/traffic?${new URLSearchParams({ "filter.createdAt": created })}`,
        { cookie: a.cookie },
      );
      assert.equal(r.status, 200, created);
      assert.equal(h1(html(r.body)), "LES Traffic Overview", created);
    }
  },
);

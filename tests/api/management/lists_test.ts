/**
 * The /rest/list calls: find (page size 10, id descending by default, each filter, the counts by
 * display class), getCommandsFull (every command by commandId, with the 15 statuses' labels and
 * classes), cancel (pending commands become 13 Cancelled, the list finished; a finished list is
 * refused; a concurrent cancel applies once), client isolation, and the two pages.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { assertRefused, type Ctx, dbTest } from "../../fixtures/app.ts";
import { unique } from "../../fixtures/factories.ts";
import { admin, clientTenant as tenant, h1, html } from "../../fixtures/companies_teams.ts";
import { commandLists, commands, users } from "../../../db/schema/mod.ts";
import { COMMAND_STATUS } from "../../../openapi/enums.ts";
import { LIST_MESSAGES } from "../../../openapi/schemas/list/lists.ts";

type Tenant = Awaited<ReturnType<typeof tenant>>;

const ALL_STATUSES = Object.keys(COMMAND_STATUS).map(Number);
const PENDING = [0, 1, 2, 3, 4, 9, 10, 11, 12, 14];

const listOf = (ctx: Ctx, t: Tenant, opts: Parameters<Ctx["f"]["commandList"]>[0] | object = {}) =>
  ctx.f.commandList({ companyId: t.company.id, userKey: t.user.key, ...opts });

const find = (ctx: Ctx, token: string, json: unknown) =>
  ctx.call("POST", "/rest/list/find", { token, json });

const ids = (r: { body: { results: { id: number }[] } }) => r.body.results.map((l) => l.id);

const commandsOf = async (ctx: Ctx, listId: number) =>
  (await ctx.db.select().from(commands).where(eq(commands.listId, listId)))
    .sort((a, b) => a.itemId - b.itemId);

// ---- find ----

dbTest("[rest/list] find: 10 a page, highest id first, with the totals", async (ctx) => {
  const t = await tenant(ctx);
  const made = [];
  for (let i = 0; i < 12; i++) made.push((await listOf(ctx, t)).id);
  const first = await find(ctx, t.token, {});
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.deepEqual(ids(first), made.toReversed().slice(0, 10));
  assert.equal(first.body.total, 12);
  assert.equal(first.body.filtered, 12);
  const second = await find(ctx, t.token, { page: 2 });
  assert.deepEqual(ids(second), made.toReversed().slice(10));
  const asc = await find(ctx, t.token, { sorting: { field: "id", direction: "asc" }, count: 25 });
  assert.deepEqual(ids(asc), made);
  const bad = await find(ctx, t.token, { sorting: { field: "mt", direction: "asc" } });
  assert.equal(bad.status, 400);
});

dbTest("[rest/list] find: a row has its sender, date, protocol, state and counts", async (ctx) => {
  const t = await tenant(ctx);
  const date = new Date("2026-03-04T10:20:30.000Z");
  const list = await listOf(ctx, t, { protocol: 2, statuses: [1, 5, 6, 7, 13, 14], date });
  const r = await find(ctx, t.token, { filter: { id: list.id } });
  assert.deepEqual(r.body.results, [{
    id: list.id,
    user: t.user.id,
    date: date.toISOString(),
    protocol: 2,
    terminated: false,
    counts: { commands: 6, success: 2, danger: 2, pending: 2 },
  }]);
  // A deleted sender leaves the list with no user.
  await ctx.db.update(commandLists).set({ userKey: null }).where(eq(commandLists.id, list.id));
  const orphan = await find(ctx, t.token, { filter: { id: String(list.id) } });
  assert.equal(orphan.body.results[0].user, null);
});

dbTest("[rest/list] find: each filter narrows, bad filter values are refused", async (ctx) => {
  const t = await tenant(ctx);
  const other = await ctx.f.user({ teamId: t.team.id, companyId: t.company.id });
  await ctx.db.update(users).set({ mail: `${unique("Skipper")}@fleet.example` })
    .where(eq(users.key, other.key));
  const [mail] = await ctx.db.select({ mail: users.mail }).from(users)
    .where(eq(users.key, other.key));
  const late = await listOf(ctx, t, {
    date: new Date("2025-05-04T23:59:00Z"),
    protocol: 0,
    terminated: true,
    statuses: [5],
  });
  const early = await listOf(ctx, t, {
    date: new Date("2025-05-05T00:01:00Z"),
    protocol: 5,
    userKey: other.key,
  });
  const total = async (filter: unknown) => {
    const r = await find(ctx, t.token, { filter });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.total, 2);
    return ids(r);
  };
  assert.deepEqual(await total({ id: late.id }), [late.id]);
  // A part of the user id, any case, or of the e-mail.
  assert.deepEqual(await total({ user: t.user.id.slice(1).toUpperCase() }), [late.id]);
  assert.deepEqual(await total({ user: mail.mail.slice(0, 12).toLowerCase() }), [early.id]);
  // A day in UTC.
  assert.deepEqual(await total({ date: "2025-05-05" }), [early.id]);
  assert.deepEqual(await total({ date: " 2025-05-04 " }), [late.id]);
  assert.deepEqual(await total({ date: "2025-05-06" }), []);
  // The protocol's code, as a number or as text.
  assert.deepEqual(await total({ protocol: 5 }), [early.id]);
  assert.deepEqual(await total({ protocol: "0" }), [late.id]);
  assert.deepEqual(await total({ protocol: 3 }), []);
  // 1 Finished, 0 Unfinished.
  assert.deepEqual(await total({ terminated: 1 }), [late.id]);
  assert.deepEqual(await total({ terminated: "0" }), [early.id]);
  assert.deepEqual(await total({ protocol: 5, terminated: 1 }), []);

  await assertRefused(
    (filter) => find(ctx, t.token, { filter }),
    [
      [
        { protocol: 6 },
        "Protocol must be one of 0 HTTP, 1 SMTP, 2 FTP, 3 WS, 4 TELNET, 5 MESSAGINGC",
      ],
      [{ terminated: 2 }, "Terminated must be one of 0 Unfinished, 1 Finished"],
      [{ date: "2025-02-30" }, "Date is not in a valid format"],
      [{ date: "05/05/2025" }, "Date is not in a valid format"],
      [{ id: "x" }, "Id must be a whole number"],
      [{ mt: "1" }, undefined],
    ] as const,
  );
});

dbTest("[rest/list] find: sorts by user, date, protocol and state", async (ctx) => {
  const t = await tenant(ctx);
  const b = await listOf(ctx, t, { protocol: 3, date: new Date("2024-01-02T00:00:00Z") });
  const a = await listOf(ctx, t, {
    protocol: 1,
    terminated: true,
    date: new Date("2024-01-01T00:00:00Z"),
  });
  const sorted = async (field: string, direction = "asc") =>
    ids(await find(ctx, t.token, { sorting: { field, direction } }));
  assert.deepEqual(await sorted("date"), [a.id, b.id]);
  assert.deepEqual(await sorted("date", "desc"), [b.id, a.id]);
  assert.deepEqual(await sorted("protocol"), [a.id, b.id]);
  assert.deepEqual(await sorted("terminated"), [b.id, a.id]);
  assert.deepEqual(await sorted("user"), [b.id, a.id]); // same user: the id breaks the tie
});

// ---- getCommandsFull ----

dbTest(
  "[rest/list] getCommandsFull: the list and each command by commandId, with its status",
  async (ctx) => {
    const t = await tenant(ctx);
    const list = await listOf(ctx, t, { statuses: ALL_STATUSES, mt: "412345678" });
    await ctx.db.update(commands).set({ groupId: 2, errorCode: 4001, errorLabel: "Not logged in" })
      .where(and(eq(commands.listId, list.id), eq(commands.itemId, 1)));
    const r = await ctx.call("GET", `/rest/list/getCommandsFull?listId=${list.id}`, {
      token: t.token,
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.id, list.id);
    assert.deepEqual(r.body.counts, { commands: 15, success: 2, danger: 3, pending: 10 });
    const cmds = r.body.commands as {
      commandId: { listId: number; groupId: number; itemId: number };
      status: number;
      statusLabel: string;
      statusClass: string;
      final: boolean;
      updatedAt: string;
    }[];
    // By group, then item: group 1's items 2…15, then group 2's item 1.
    assert.deepEqual(
      cmds.map((c) => [c.commandId.groupId, c.commandId.itemId]),
      [...ALL_STATUSES.slice(1).map((_, i) => [1, i + 2]), [2, 1]],
    );
    const byStatus = new Map(cmds.map((c) => [c.status, c]));
    for (const s of ALL_STATUSES) {
      const c = byStatus.get(s)!;
      assert.equal(c.statusLabel, COMMAND_STATUS[s as keyof typeof COMMAND_STATUS]);
      const cls = [5, 7].includes(s) ? "success" : [6, 8, 13].includes(s) ? "danger" : "pending";
      assert.equal(c.statusClass, cls, `status ${s}`);
      assert.equal(c.final, cls !== "pending", `status ${s}`);
    }
    const first = byStatus.get(0)!;
    assert.deepEqual(first, {
      ...first,
      commandId: { listId: list.id, groupId: 2, itemId: 1 },
      command: "sendMessage",
      mt: "412345678",
      shoutMtType: null,
      genericCommandType: null,
      commandSubType: null,
      parameters: { les: 21, format: "text", text: "Test 1" },
      errorCode: 4001,
      errorLabel: "Not logged in",
    });
    assert.ok(!Number.isNaN(Date.parse(first.updatedAt)));

    for (
      const [q, status] of [["listId=2147483000", 404], ["listId=abc", 400], ["", 400]] as const
    ) {
      const bad = await ctx.call("GET", `/rest/list/getCommandsFull?${q}`, { token: t.token });
      assert.equal(bad.status, status, q);
    }
  },
);

// ---- cancel ----

dbTest(
  "[rest/list] cancel: pending commands become Cancelled, the rest stay, the list finishes",
  async (ctx) => {
    const t = await tenant(ctx);
    const list = await listOf(ctx, t, { statuses: ALL_STATUSES });
    const before = await commandsOf(ctx, list.id);
    const r = await ctx.call("GET", `/rest/list/cancel?listId=${list.id}`, { token: t.token });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.terminated, true);
    assert.deepEqual(r.body.counts, { commands: 15, success: 2, danger: 13, pending: 0 });
    const after = await commandsOf(ctx, list.id);
    for (const [i, c] of after.entries()) {
      const was = before[i];
      if (PENDING.includes(was.status)) {
        assert.equal(c.status, 13, `status ${was.status} is cancelled`);
        assert.equal(c.errorCode, 4003);
        assert.equal(c.errorLabel, "Command cancelled by user");
        assert.ok(c.updatedAt >= was.updatedAt);
      } else {
        assert.deepEqual(c, was, `status ${was.status} stays`);
      }
    }
    const [row] = await ctx.db.select().from(commandLists).where(eq(commandLists.id, list.id));
    assert.equal(row.terminated, true);
    // The answer is the list as getCommandsFull now shows it.
    const full = await ctx.call("GET", `/rest/list/getCommandsFull?listId=${list.id}`, {
      token: t.token,
    });
    assert.deepEqual(r.body, full.body);

    // Finished now: a second cancel is refused and changes nothing.
    const again = await ctx.call("GET", `/rest/list/cancel?listId=${list.id}`, { token: t.token });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { code: 409, message: LIST_MESSAGES.finished(list.id) });
    assert.deepEqual(await commandsOf(ctx, list.id), after);
  },
);

dbTest("[rest/list] cancel: a finished list is refused, its commands untouched", async (ctx) => {
  const t = await tenant(ctx);
  // Finished, even with a command still in progress: nothing to cancel.
  const list = await listOf(ctx, t, { terminated: true, statuses: [1, 5] });
  const r = await ctx.call("GET", `/rest/list/cancel?listId=${list.id}`, { token: t.token });
  assert.equal(r.status, 409);
  assert.equal(r.body.message, `Command list ${list.id} is finished: nothing to cancel`);
  assert.deepEqual((await commandsOf(ctx, list.id)).map((c) => c.status), [1, 5]);
});

dbTest("[rest/list] cancel: two at once apply once", async (ctx) => {
  const t = await tenant(ctx);
  const list = await listOf(ctx, t, { statuses: [1, 2, 5] });
  const [a, b] = await Promise.all(
    [1, 2].map(() => ctx.call("GET", `/rest/list/cancel?listId=${list.id}`, { token: t.token })),
  );
  assert.deepEqual([a.status, b.status].sort(), [200, 409]);
  assert.deepEqual((await commandsOf(ctx, list.id)).map((c) => c.status), [13, 13, 5]);
});

// ---- tenancy ----

dbTest("[rest/list] a client reaches only its company's lists", async (ctx) => {
  const a = await tenant(ctx), b = await tenant(ctx);
  const mine = await listOf(ctx, a, { statuses: [1] });
  const theirs = await listOf(ctx, b, { statuses: [1] });

  const page = await find(ctx, a.token, { count: 2000 });
  assert.deepEqual(ids(page), [mine.id]);
  assert.equal(page.body.total, 1);
  assert.deepEqual(ids(await find(ctx, a.token, { filter: { id: theirs.id } })), []);
  assert.deepEqual(ids(await find(ctx, a.token, { filter: { user: b.user.id } })), []);

  const notFound = { code: 404, message: "Command list not found" };
  for (const call of ["getCommandsFull", "cancel"]) {
    const r = await ctx.call("GET", `/rest/list/${call}?listId=${theirs.id}`, { token: a.token });
    assert.equal(r.status, 404, call);
    assert.deepEqual(r.body, notFound);
  }
  assert.deepEqual((await commandsOf(ctx, theirs.id)).map((c) => c.status), [1]);

  // An administrator reaches every company's.
  const op = await admin(ctx);
  assert.deepEqual(ids(await find(ctx, op.token, { filter: { id: theirs.id } })), [theirs.id]);
  const cancelled = await ctx.call("GET", `/rest/list/cancel?listId=${theirs.id}`, {
    token: op.token,
  });
  assert.equal(cancelled.status, 200);
  const anonymous = await ctx.call("POST", "/rest/list/find", { json: {} });
  assert.equal(anonymous.status, 401);
});

// ---- pages ----

dbTest(
  "[pages] /management/list: the first page and a list's commands, server-rendered",
  async (ctx) => {
    const a = await tenant(ctx), b = await tenant(ctx);
    const list = await listOf(ctx, a, { statuses: [1, 5, 13] });
    await ctx.db.update(commands).set({ groupId: 2 }).where(
      and(eq(commands.listId, list.id), eq(commands.itemId, 3)),
    );
    const theirs = await listOf(ctx, b);

    const overview = html((await ctx.call("GET", "/management/list", { cookie: a.cookie })).body);
    assert.equal(h1(overview), "Command lists");
    assert.match(overview, new RegExp(`href="/management/list/${list.id}"`));
    assert.doesNotMatch(overview, new RegExp(`/management/list/${theirs.id}"`));

    const page = (path: string) => ctx.call("GET", path, { cookie: a.cookie });
    const detail = await page(`/management/list/${list.id}`);
    assert.equal(detail.status, 200);
    const text = html(detail.body);
    assert.equal(h1(text), `Command list ${list.id}`);
    for (const label of ["In Progress", "Delivered", "Cancelled"]) {
      assert.match(
        text,
        new RegExp(label),
      );
    }
    assert.match(text, /class="status success"[^>]*>Delivered/);
    assert.match(text, /Cancel execution/);

    // Narrowed to a group; an item of it opens its details.
    const group = html((await page(`/management/list/${list.id}/2`)).body);
    assert.match(group, /Cancelled/);
    assert.doesNotMatch(group, /Delivered/);
    const item = html((await page(`/management/list/${list.id}/1/2`)).body);
    assert.match(item, /Delivered/);

    // Another company's list, an unknown one, a bad id, an unknown group or item: the 404 page.
    for (
      const path of [
        `/management/list/${theirs.id}`,
        "/management/list/2147483000",
        "/management/list/abc",
        `/management/list/${list.id}/9`,
        `/management/list/${list.id}/1/9`,
      ]
    ) {
      const r = await page(path);
      assert.equal(r.status, 302, path);
      assert.equal(r.res.headers.get("location"), "/error/404", path);
    }
    // A finished list offers no cancel.
    const done = await listOf(ctx, a, { terminated: true, statuses: [5] });
    assert.doesNotMatch(html((await page(`/management/list/${done.id}`)).body), /Cancel execution/);
  },
);

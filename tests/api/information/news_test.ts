/**
 * News (portal-shell §7): add, edit, delete (administrators), get, whatsnew, old, all and
 * countnew; the validation messages and defaults; what a client may read; which calls mark news
 * read; and the news page's server-rendered list.
 *
 * News items are not per company, so a test that counts compares before and after, and checks
 * ids rather than whole lists.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import { news, newsReads, users } from "../../../db/schema/mod.ts";
import { NEW_NEWS_DAYS } from "../../../openapi/schemas/news.ts";
import { formMessages } from "../../../openapi/schemas/messages.ts";

const DAY_MS = 86_400_000;

/** A signed-in user with the given team rights (1 = administrator, 100 = client). */
async function session(ctx: Ctx, rights: number) {
  const user = await ctx.f.user({ rights });
  const { token, cookie } = await signIn(ctx, user.id, TEST_PASSWORD);
  return { user, token, cookie };
}

/** A news row written straight to the database (to date it in the past, say). */
async function newsRow(
  ctx: Ctx,
  opts: { public?: boolean; daysAgo?: number; title?: string; content?: string } = {},
) {
  const at = new Date(Date.now() - (opts.daysAgo ?? 0) * DAY_MS);
  const [row] = await ctx.db.insert(news).values({
    title: opts.title ?? unique("News"),
    content: opts.content ?? "Some content",
    public: opts.public ?? true,
    createdAt: at,
    updatedAt: at,
  }).returning();
  return row;
}

const ids = (list: { id: number }[]) => list.map((i) => i.id);
const get = (ctx: Ctx, path: string, token: string) => ctx.call("GET", path, { token });
const count = async (ctx: Ctx, token: string) => {
  const r = await get(ctx, "/rest/news/countnew", token);
  assert.equal(r.status, 200);
  return r.body as { id: number }[];
};
const add = (ctx: Ctx, token: string, json: unknown) =>
  ctx.call("POST", "/rest/news/add", { token, json });

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

// ---- add ----

dbTest("[rest/news] add: an admin publishes; trimmed, defaults low and not public", async (ctx) => {
  const admin = await session(ctx, 1);
  const title = unique("Title");
  const r = await add(ctx, admin.token, { title: `  ${title}  `, content: " line 1\nline 2 " });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const item = r.body;
  assert.ok(Number.isInteger(item.id));
  assert.deepEqual(
    { ...item, createdAt: undefined, updatedAt: undefined },
    {
      id: item.id,
      title,
      content: "line 1\nline 2",
      level: "low",
      public: 0,
      author: "Test User",
      new: false, // the author has read it
      createdAt: undefined,
      updatedAt: undefined,
    },
  );
  assert.match(item.createdAt, ISO);
  assert.match(item.updatedAt, ISO);
  const [row] = await ctx.db.select().from(news).where(eq(news.id, item.id));
  assert.equal(row.public, false);
  assert.equal(row.level, "low");
  assert.equal(row.authorKey, admin.user.key);
});

dbTest("[rest/news] add: level and public as sent", async (ctx) => {
  const admin = await session(ctx, 0);
  for (const level of ["critical", "medium", "low"] as const) {
    for (const pub of [0, 1] as const) {
      const r = await add(ctx, admin.token, {
        title: unique("T"),
        content: "c",
        level,
        public: pub,
      });
      assert.equal(r.status, 200);
      assert.equal(r.body.level, level);
      assert.equal(r.body.public, pub);
    }
  }
});

dbTest("[rest/news] add and edit: each validation message", async (ctx, t) => {
  const admin = await session(ctx, 1);
  const valid = { title: "A title", content: "Some content" };
  const item = (await add(ctx, admin.token, valid)).body;
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["title missing", { content: "c" }, "title", formMessages.required("Title")],
    ["title empty", { ...valid, title: "" }, "title", formMessages.required("Title")],
    ["title blank", { ...valid, title: " \n\t " }, "title", formMessages.required("Title")],
    ["title not text", { ...valid, title: 5 }, "title", formMessages.required("Title")],
    [
      "title too long",
      { ...valid, title: "x".repeat(201) },
      "title",
      formMessages.maxLength("Title", 200),
    ],
    ["content missing", { title: "t" }, "content", formMessages.required("Content")],
    ["content blank", { ...valid, content: "   " }, "content", formMessages.required("Content")],
    [
      "content too long",
      { ...valid, content: "x".repeat(10_001) },
      "content",
      formMessages.maxLength("Content", 10_000),
    ],
    ["bad level", { ...valid, level: "urgent" }, "level", formMessages.match("Level")],
    ["level null", { ...valid, level: null }, "level", formMessages.match("Level")],
    ["public 2", { ...valid, public: 2 }, "public", formMessages.match("Public")],
    ["public '1'", { ...valid, public: "1" }, "public", formMessages.match("Public")],
    ["public true", { ...valid, public: true }, "public", formMessages.match("Public")],
  ];
  for (const [label, body, path, message] of cases) {
    await t.step(label, async () => {
      for (const [call, json] of [["add", body], ["edit", { ...body, id: item.id }]] as const) {
        const r = await ctx.call("POST", `/rest/news/${call}`, { token: admin.token, json });
        assert.equal(r.status, 400, `${call}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.code, 400);
        assert.deepEqual(r.body.fields, [{ path, message }], call);
        assert.equal(r.body.message, message, call);
      }
    });
  }
  await t.step("both texts missing: both messages", async () => {
    const r = await add(ctx, admin.token, {});
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.fields, [
      { path: "title", message: formMessages.required("Title") },
      { path: "content", message: formMessages.required("Content") },
    ]);
  });
  await t.step("the limits themselves are accepted (after trimming)", async () => {
    const r = await add(ctx, admin.token, {
      title: ` ${"t".repeat(200)} `,
      content: ` ${"c".repeat(10_000)} `,
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.title.length, 200);
    assert.equal(r.body.content.length, 10_000);
  });
  await t.step("edit without an id", async () => {
    const r = await ctx.call("POST", "/rest/news/edit", { token: admin.token, json: valid });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.fields, [{ path: "id", message: formMessages.required("Id") }]);
  });
  await t.step("nothing invalid was stored or changed", async () => {
    const [row] = await ctx.db.select().from(news).where(eq(news.id, item.id));
    assert.equal(row.title, valid.title);
    assert.equal(row.content, valid.content);
  });
});

// ---- administrators only ----

dbTest("[rest/news] add, edit and delete: 403 for non-administrators", async (ctx) => {
  const admin = await session(ctx, 1);
  const item = (await add(ctx, admin.token, { title: "Kept", content: "c", public: 1 })).body;
  for (const rights of [100, 200]) {
    const user = await session(ctx, rights);
    const before = await count(ctx, user.token);
    const calls = [
      ["POST", "/rest/news/add", { title: "x", content: "y", public: 1 }],
      ["POST", "/rest/news/edit", { id: item.id, title: "x", content: "y" }],
      ["GET", `/rest/news/delete?id=${item.id}`, undefined],
      // Refused before validation: an invalid body is still a 403.
      ["POST", "/rest/news/add", {}],
    ] as const;
    for (const [method, path, json] of calls) {
      const r = await ctx.call(method, path, { token: user.token, json });
      assert.equal(r.status, 403, `${rights} ${method} ${path}`);
      assert.deepEqual(r.body, { code: 403, message: "Administrator permission required" });
    }
    assert.deepEqual(await count(ctx, user.token), before, "nothing was added");
  }
  const [row] = await ctx.db.select().from(news).where(eq(news.id, item.id));
  assert.equal(row.title, "Kept");
});

dbTest("[rest/news] every call needs a session", async (ctx) => {
  for (
    const [method, path] of [
      ["GET", "/rest/news/countnew"],
      ["GET", "/rest/news/whatsnew"],
      ["GET", "/rest/news/old"],
      ["GET", "/rest/news/all"],
      ["GET", "/rest/news/get?id=1"],
      ["GET", "/rest/news/delete?id=1"],
      ["POST", "/rest/news/add"],
      ["POST", "/rest/news/edit"],
    ] as const
  ) {
    const r = await ctx.call(method, path, { json: method === "POST" ? {} : undefined });
    assert.equal(r.status, 401, `${method} ${path}`);
  }
});

// ---- edit, delete, get ----

dbTest("[rest/news] edit: replaces the fields; 404 for an unknown id", async (ctx) => {
  const admin = await session(ctx, 1);
  const created = (await add(ctx, admin.token, {
    title: "Before",
    content: "Old text",
    level: "critical",
    public: 1,
  })).body;
  await new Promise((r) => setTimeout(r, 5));
  const r = await ctx.call("POST", "/rest/news/edit", {
    token: admin.token,
    json: { id: created.id, title: " After ", content: "New\ntext", level: "medium", public: 0 },
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.id, created.id);
  assert.equal(r.body.title, "After");
  assert.equal(r.body.content, "New\ntext");
  assert.equal(r.body.level, "medium");
  assert.equal(r.body.public, 0);
  assert.equal(r.body.createdAt, created.createdAt);
  assert.ok(r.body.updatedAt > created.updatedAt, "updatedAt moves");

  // Level and public left out take their defaults, as on add.
  const d = await ctx.call("POST", "/rest/news/edit", {
    token: admin.token,
    json: { id: created.id, title: "T", content: "C" },
  });
  assert.equal(d.body.level, "low");
  assert.equal(d.body.public, 0);

  for (const id of [2_000_000_000, 2_147_483_647]) {
    const missing = await ctx.call("POST", "/rest/news/edit", {
      token: admin.token,
      json: { id, title: "T", content: "C" },
    });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { code: 404, message: "News not found" });
  }
  const bad = await ctx.call("POST", "/rest/news/edit", {
    token: admin.token,
    json: { id: 0, title: "T", content: "C" },
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.fields, [{ path: "id", message: formMessages.match("Id") }]);
});

dbTest("[rest/news] delete: removes the item and who read it; 404 unknown", async (ctx) => {
  const admin = await session(ctx, 1);
  const client = await session(ctx, 100);
  const item = (await add(ctx, admin.token, { title: "Gone", content: "c", public: 1 })).body;
  await get(ctx, "/rest/news/whatsnew", client.token); // the client reads it
  const r = await get(ctx, `/rest/news/delete?id=${item.id}`, admin.token);
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { success: true });
  assert.equal((await get(ctx, `/rest/news/get?id=${item.id}`, admin.token)).status, 404);
  assert.equal(
    (await ctx.db.select().from(newsReads).where(eq(newsReads.newsId, item.id))).length,
    0,
  );
  const again = await get(ctx, `/rest/news/delete?id=${item.id}`, admin.token);
  assert.equal(again.status, 404);
  assert.deepEqual(again.body, { code: 404, message: "News not found" });

  for (
    const [query, message] of [
      ["", formMessages.required("Id")],
      ["?id=", formMessages.match("Id")],
      ["?id=abc", formMessages.match("Id")],
      ["?id=-1", formMessages.match("Id")],
      ["?id=0", formMessages.match("Id")],
      ["?id=99999999999", formMessages.match("Id")],
    ]
  ) {
    const bad = await get(ctx, `/rest/news/delete${query}`, admin.token);
    assert.equal(bad.status, 400, query);
    assert.equal(bad.body.message, message, query);
  }
});

dbTest(
  "[rest/news] get: any user reads a public item; non-public is 404 to clients",
  async (ctx) => {
    const admin = await session(ctx, 1);
    const client = await session(ctx, 100);
    const pub = (await add(ctx, admin.token, { title: "Pub", content: "c", public: 1 })).body;
    const priv = (await add(ctx, admin.token, { title: "Priv", content: "c", public: 0 })).body;

    const asClient = await get(ctx, `/rest/news/get?id=${pub.id}`, client.token);
    assert.equal(asClient.status, 200);
    assert.equal(asClient.body.title, "Pub");
    assert.equal(asClient.body.new, true);
    assert.equal(asClient.body.author, "Test User");
    const hidden = await get(ctx, `/rest/news/get?id=${priv.id}`, client.token);
    assert.equal(hidden.status, 404);
    assert.deepEqual(hidden.body, { code: 404, message: "News not found" });

    const asAdmin = await get(ctx, `/rest/news/get?id=${priv.id}`, admin.token);
    assert.equal(asAdmin.status, 200);
    assert.equal(asAdmin.body.public, 0);
    assert.equal((await get(ctx, "/rest/news/get?id=2000000000", admin.token)).status, 404);
    // get marks nothing.
    assert.ok(ids(await count(ctx, client.token)).includes(pub.id));
  },
);

dbTest("[rest/news] author: the name; the id for admins only when nameless", async (ctx) => {
  const admin = await session(ctx, 1);
  const client = await session(ctx, 100);
  const item = (await add(ctx, admin.token, { title: "A", content: "c", public: 1 })).body;
  const other = await session(ctx, 1);
  await ctx.db.update(users).set({ firstName: "", lastName: "" }).where(
    eq(users.key, admin.user.key),
  );
  const path = `/rest/news/get?id=${item.id}`;
  assert.equal((await get(ctx, path, other.token)).body.author, admin.user.id);
  assert.equal((await get(ctx, path, client.token)).body.author, null);
});

// ---- what a client reads; new and old ----

dbTest("[rest/news] a client never reads a non-public item; admins read all", async (ctx) => {
  const admin = await session(ctx, 1);
  const client = await session(ctx, 100);
  const pub = (await add(ctx, admin.token, { title: "P", content: "c", public: 1 })).body;
  const priv = (await add(ctx, admin.token, { title: "N", content: "c", public: 0 })).body;
  const oldPriv = await newsRow(ctx, { public: false, daysAgo: NEW_NEWS_DAYS + 5 });

  const lists = ["/rest/news/all", "/rest/news/old", "/rest/news/countnew", "/rest/news/whatsnew"];
  const seen = new Set<number>();
  for (const path of lists) {
    const r = await get(ctx, path, client.token);
    assert.equal(r.status, 200);
    for (const i of r.body) seen.add(i.id);
  }
  assert.ok(seen.has(pub.id));
  assert.ok(!seen.has(priv.id), "the new non-public item");
  assert.ok(!seen.has(oldPriv.id), "the old non-public item");
  for (const i of (await get(ctx, "/rest/news/all", client.token)).body) {
    assert.equal(i.public, 1);
  }

  const other = await session(ctx, 15); // Customer Care: an administrator
  const all = ids((await get(ctx, "/rest/news/all", other.token)).body);
  for (const id of [pub.id, priv.id, oldPriv.id]) assert.ok(all.includes(id));
});

dbTest("[rest/news] whatsnew and old split the items; whatsnew marks them read", async (ctx) => {
  const client = await session(ctx, 100);
  const fresh = await newsRow(ctx, { daysAgo: 0 });
  const recent = await newsRow(ctx, { daysAgo: NEW_NEWS_DAYS - 1 });
  const stale = await newsRow(ctx, { daysAgo: NEW_NEWS_DAYS + 1 }); // never new
  const read = await newsRow(ctx, { daysAgo: 1 });
  await ctx.db.insert(newsReads).values({ userKey: client.user.key, newsId: read.id });
  const mine = [fresh.id, recent.id, stale.id, read.id];
  const only = (list: { id: number }[]) => ids(list).filter((id) => mine.includes(id));

  // all: every item, newest first, each saying whether it is new; all marks nothing.
  const all = (await get(ctx, "/rest/news/all", client.token)).body;
  assert.deepEqual(only(all), [fresh.id, read.id, recent.id, stale.id]);
  const flags = Object.fromEntries(all.map((i: { id: number; new: boolean }) => [i.id, i.new]));
  assert.deepEqual(
    [flags[fresh.id], flags[read.id], flags[recent.id], flags[stale.id]],
    [true, false, true, false],
  );
  const dates = all.map((i: { createdAt: string }) => i.createdAt);
  assert.deepEqual(dates, [...dates].sort().reverse(), "newest first");

  const old = (await get(ctx, "/rest/news/old", client.token)).body;
  assert.deepEqual(only(old), [read.id, stale.id]);
  assert.ok(old.every((i: { new: boolean }) => !i.new));
  assert.deepEqual(only(await count(ctx, client.token)), [fresh.id, recent.id]);

  const whatsnew = await get(ctx, "/rest/news/whatsnew", client.token);
  assert.equal(whatsnew.status, 200);
  assert.deepEqual(only(whatsnew.body), [fresh.id, recent.id]);
  assert.ok(whatsnew.body.every((i: { new: boolean }) => i.new));
  assert.equal(whatsnew.body[0].content, "Some content");

  // Now read: no longer new, counted or whatsnew; they are old.
  assert.deepEqual(only(await count(ctx, client.token)), []);
  assert.deepEqual(only((await get(ctx, "/rest/news/whatsnew", client.token)).body), []);
  assert.deepEqual(
    only((await get(ctx, "/rest/news/old", client.token)).body),
    [fresh.id, read.id, recent.id, stale.id],
  );
  const marked = await ctx.db.select().from(newsReads).where(
    eq(newsReads.userKey, client.user.key),
  );
  assert.deepEqual(
    marked.map((m) => m.newsId).filter((id) => mine.includes(id)).sort(),
    [fresh.id, recent.id, read.id].sort(),
  );
});

dbTest("[rest/news] countnew: up after an add it may read, down after reading", async (ctx) => {
  const admin = await session(ctx, 1);
  const otherAdmin = await session(ctx, 1);
  const client = await session(ctx, 100);
  await get(ctx, "/rest/news/whatsnew", client.token);
  await get(ctx, "/rest/news/whatsnew", otherAdmin.token);
  await get(ctx, "/rest/news/whatsnew", admin.token);
  const n = async (s: { token: string }) => (await count(ctx, s.token)).length;
  assert.equal(await n(client), 0);

  const pub = (await add(ctx, admin.token, { title: "P", content: "c", public: 1 })).body;
  assert.equal(await n(client), 1);
  assert.equal(await n(otherAdmin), 1);
  assert.equal(await n(admin), 0, "the author has read it");
  assert.deepEqual(await count(ctx, client.token), [{
    id: pub.id,
    title: "P",
    level: "low",
    createdAt: pub.createdAt,
  }]);

  await add(ctx, admin.token, { title: "N", content: "c", public: 0 });
  assert.equal(await n(client), 1, "a non-public item does not count for a client");
  assert.equal(await n(otherAdmin), 2);

  // countnew, all, old and get mark nothing.
  for (const path of ["/rest/news/countnew", "/rest/news/all", "/rest/news/old"]) {
    await get(ctx, path, client.token);
  }
  await get(ctx, `/rest/news/get?id=${pub.id}`, client.token);
  assert.equal(await n(client), 1);

  await get(ctx, "/rest/news/whatsnew", client.token);
  assert.equal(await n(client), 0);

  // An edit does not make it new again; a deleted item no longer counts.
  await ctx.call("POST", "/rest/news/edit", {
    token: admin.token,
    json: { id: pub.id, title: "P2", content: "c2", public: 1 },
  });
  assert.equal(await n(client), 0);
  assert.equal(await n(otherAdmin), 2);
  await get(ctx, `/rest/news/delete?id=${pub.id}`, admin.token);
  assert.equal(await n(otherAdmin), 1);
});

// ---- the news page ----

const html = (body: unknown) => new TextDecoder().decode(body as Uint8Array);

dbTest("[rest/news] the news page lists what the user may read and marks it read", async (ctx) => {
  const admin = await session(ctx, 1);
  const client = await session(ctx, 100);
  const tag = unique("Page");
  const pub = (await add(ctx, admin.token, {
    title: `${tag} public`,
    content: "First line\n<script>alert(1)</script>",
    level: "critical",
    public: 1,
  })).body;
  const priv = (await add(ctx, admin.token, { title: `${tag} private`, content: "c" })).body;
  assert.ok(ids(await count(ctx, client.token)).includes(pub.id));

  const page = await ctx.call("GET", "/information/news", { cookie: client.cookie });
  assert.equal(page.status, 200);
  const text = html(page.body);
  assert.match(text, new RegExp(`${tag} public`));
  assert.doesNotMatch(text, new RegExp(`${tag} private`));
  assert.doesNotMatch(text, /<script>alert/, "content is text, never HTML");
  assert.match(text, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(text, new RegExp(`data-news-id="${pub.id}"[^>]*data-new="true"`));
  assert.doesNotMatch(text, /Add news|>Edit<|>Delete</, "no admin controls for a client");
  // The header of the page already counts it as read.
  assert.match(text, /data-news-count="0"/);
  assert.ok(!ids(await count(ctx, client.token)).includes(pub.id));

  // Shown again, it is no longer new.
  const again = html((await ctx.call("GET", "/information/news", { cookie: client.cookie })).body);
  assert.match(again, new RegExp(`data-news-id="${pub.id}"[^>]*data-new="false"`));

  const asAdmin = html((await ctx.call("GET", "/information/news", { cookie: admin.cookie })).body);
  assert.match(asAdmin, new RegExp(`${tag} private`));
  assert.match(asAdmin, />Add news</);
  assert.match(asAdmin, new RegExp(`data-news-id="${priv.id}"`));
});

dbTest("[rest/news] every news call is in the OpenAPI document", async (ctx) => {
  const doc = (await ctx.call("GET", "/openapi.json")).body;
  const calls = {
    "/rest/news/add": "post",
    "/rest/news/edit": "post",
    "/rest/news/delete": "get",
    "/rest/news/get": "get",
    "/rest/news/whatsnew": "get",
    "/rest/news/old": "get",
    "/rest/news/all": "get",
    "/rest/news/countnew": "get",
  };
  for (const [path, method] of Object.entries(calls)) {
    const op = doc.paths[path]?.[method];
    assert.ok(op, `${method} ${path}`);
    assert.deepEqual(op.tags, ["News"], path);
  }
  const { NewsItem, NewsWrite } = doc.components.schemas;
  assert.deepEqual(NewsItem.properties.public, {
    type: "integer",
    enum: [0, 1],
    description: "1: every signed-in user reads it",
  });
  assert.deepEqual(NewsWrite.required, ["title", "content"]);
  assert.equal(NewsWrite.properties.level.default, "low");
  assert.equal(NewsWrite.properties.public.default, 0);
});

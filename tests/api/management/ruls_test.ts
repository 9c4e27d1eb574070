/**
 * The /rest/ruls calls (management-routing §7): the rul choice (filter) scoped to a client's
 * company, find, get, all, lastRul, create (LES 21 by default; a taken id answers 409 code 23000
 * 'The RUL with id {id} already exists', whatever the LES), update keyed by (id, les), and
 * delete, refused while a dnid or an enid uses the rul.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import {
  admin,
  assertAdminOnly,
  h1,
  html,
  randomId,
  session,
} from "../../fixtures/companies_teams.ts";
import { dnids, enids, ruls } from "../../../db/schema/mod.ts";
import { MULTISELECT_SEARCH_LIMIT } from "../../../openapi/enums.ts";
import { RUL_PASSWORD_MAX } from "../../../openapi/schemas/ruls/ruls.ts";

/** A rul row (no API): random id, LES 21, of `companyId` when given. */
async function rul(
  ctx: Ctx,
  opts: {
    id?: number;
    les?: number;
    companyId?: number | null;
    customerName?: string;
    companyName?: string | null;
  } = {},
) {
  const [row] = await ctx.db.insert(ruls).values({
    id: opts.id ?? randomId(),
    les: opts.les ?? 21,
    password: "pw-1234",
    customerName: opts.customerName ?? unique("Customer"),
    companyName: opts.companyName ?? null,
    companyId: opts.companyId ?? null,
  }).returning();
  return row;
}

/** An enid of `companyId` on the rul (id, les). */
async function enidOn(ctx: Ctx, companyId: number, rulId: number, rulLes = 21) {
  const [row] = await ctx.db.insert(enids).values({ id: randomId(), rulLes, companyId, rulId })
    .returning();
  return row;
}

/** A client (team rights 100) of `companyId`, signed in. */
async function clientOf(ctx: Ctx, companyId: number) {
  const team = await ctx.f.team({ companyId, rights: 100 });
  const user = await ctx.f.user({ teamId: team.id, companyId });
  return (await signIn(ctx, user.id, TEST_PASSWORD)).token;
}

const filter = (ctx: Ctx, token: string, query?: string) =>
  ctx.call(
    "GET",
    `/rest/ruls/filter${query === undefined ? "" : `?query=${encodeURIComponent(query)}`}`,
    { token },
  );

const ids = (body: { id: number }[]) => body.map((r) => r.id);

// ---- filter ----

dbTest(
  "[rest/ruls] filter: id prefix, customer or company name, exact first, then by id; the choice shape",
  async (ctx) => {
    const { token } = await admin(ctx);
    const tag = unique("Filt").toLowerCase();
    const company = await ctx.f.company(`${tag} Shipping`);
    const base = randomId();
    const a = await rul(ctx, { id: base + 2, customerName: `${tag} Alpha`, companyId: company.id });
    const b = await rul(ctx, { id: base + 1, customerName: "Someone", companyName: `x ${tag} y` });
    const exact = await rul(ctx, { id: base + 3, customerName: tag, les: 15 });
    const r = await filter(ctx, token, tag.toUpperCase());
    assert.equal(r.status, 200);
    // The exact customer name first, then by id.
    assert.deepEqual(ids(r.body), [exact.id, b.id, a.id]);
    assert.deepEqual(r.body[2], {
      id: a.id,
      les: 21,
      customerName: `${tag} Alpha`,
      companyName: null,
      company: { id: company.id, name: company.name },
    });
    assert.deepEqual(r.body[0], {
      id: exact.id,
      les: 15,
      customerName: tag,
      companyName: null,
      company: null,
    });
    assert.equal(r.body[1].companyName, `x ${tag} y`);

    // The id's start, not its middle.
    const byId = await filter(ctx, token, String(a.id));
    assert.deepEqual(ids(byId.body), [a.id]);
    const middle = await filter(ctx, token, String(a.id).slice(2));
    assert.ok(!ids(middle.body).includes(a.id));

    // LIKE wildcards are literal.
    const wild = await filter(ctx, token, "%");
    assert.ok(!ids(wild.body).includes(a.id));
  },
);

dbTest(
  "[rest/ruls] filter: at most 25; an empty or missing query lists the first 25 by id",
  async (ctx) => {
    const { token } = await admin(ctx);
    const tag = unique("Many").toLowerCase();
    const company = await ctx.f.company();
    const made: number[] = [];
    for (let i = 0; i < MULTISELECT_SEARCH_LIMIT + 3; i++) {
      made.push((await rul(ctx, { customerName: `${tag} ${i}`, companyId: company.id })).id);
    }
    made.sort((x, y) => x - y);
    const r = await filter(ctx, token, tag);
    assert.equal(r.status, 200);
    assert.deepEqual(ids(r.body), made.slice(0, MULTISELECT_SEARCH_LIMIT));

    // Without text: the first 25 by id (of the company's 28, for its client).
    const client = await clientOf(ctx, company.id);
    for (const empty of [undefined, "", "   "]) {
      const e = await filter(ctx, client, empty);
      assert.equal(e.status, 200, String(empty));
      assert.deepEqual(ids(e.body), made.slice(0, MULTISELECT_SEARCH_LIMIT), String(empty));
      // An administrator's: every company's, the first 25 by id.
      const a = await filter(ctx, token, empty);
      assert.equal(a.body.length, MULTISELECT_SEARCH_LIMIT);
      assert.deepEqual(ids(a.body), [...ids(a.body)].sort((x, y) => x - y));
      assert.ok(a.body[0].id <= made[0]);
    }

    const long = await filter(ctx, token, "x".repeat(101));
    assert.equal(long.status, 400);
    assert.equal(long.body.message, "Search text is at most 100 characters");
    const control = await filter(ctx, token, "a\u0000b");
    assert.equal(control.status, 400);
    assert.equal(control.body.message, "Search text must not contain control characters");
  },
);

dbTest(
  "[rest/ruls] filter: a client gets only its own company's ruls; an administrator every one",
  async (ctx) => {
    const tag = unique("Scope").toLowerCase();
    const mine = await ctx.f.company();
    const theirs = await ctx.f.company();
    const own = await rul(ctx, { customerName: `${tag} own`, companyId: mine.id });
    const other = await rul(ctx, { customerName: `${tag} other`, companyId: theirs.id });
    const operator = await rul(ctx, { customerName: `${tag} operator`, companyId: null });
    const client = await clientOf(ctx, mine.id);

    const r = await filter(ctx, client, tag);
    assert.equal(r.status, 200);
    assert.deepEqual(ids(r.body), [own.id]);
    // Not by id either, and not in the empty query's list.
    assert.deepEqual((await filter(ctx, client, String(other.id))).body, []);
    assert.deepEqual((await filter(ctx, client, String(operator.id))).body, []);
    assert.deepEqual(ids((await filter(ctx, client)).body), [own.id]);

    const { token } = await admin(ctx);
    const every = await filter(ctx, token, tag);
    assert.deepEqual(
      ids(every.body),
      [own.id, other.id, operator.id].sort((x, y) => x - y),
    );

    const anonymous = await ctx.call("GET", `/rest/ruls/filter?query=${tag}`);
    assert.equal(anonymous.status, 401);
  },
);

// ---- administrators only ----

dbTest("[rest/ruls] every other call is for administrators only", async (ctx) => {
  const { token } = await session(ctx, 100);
  const r = await rul(ctx);
  await assertAdminOnly(ctx, token, [
    ["GET", `/rest/ruls/get?id=${r.id}`],
    ["GET", "/rest/ruls/all"],
    ["POST", "/rest/ruls/find", {}],
    ["GET", "/rest/ruls/lastRul"],
    ["POST", "/rest/ruls/create", { id: randomId(), password: "pw", customerName: "x" }],
    ["POST", "/rest/ruls/update", { id: r.id, les: 21, password: "pw", customerName: "x" }],
    ["POST", "/rest/ruls/delete", { id: r.id, les: 21 }],
  ]);
  // Nothing changed.
  const [row] = await ctx.db.select().from(ruls).where(eq(ruls.id, r.id));
  assert.equal(row.customerName, r.customerName);
});

// ---- create ----

dbTest(
  "[rest/ruls] create: LES 21 by default, trimmed fields, empty ones null, the company",
  async (ctx) => {
    const { token } = await admin(ctx);
    const company = await ctx.f.company();
    const id = randomId();
    const r = await ctx.call("POST", "/rest/ruls/create", {
      token,
      json: {
        id,
        password: " s3cret ",
        customerName: "  Oceanic Ltd ",
        comments: "",
        mailContact: " noc@oceanic.example ",
        phoneContact: "+33 (0)1 23-45.67",
        companyName: null,
        requesterName: "Jane",
        company: company.id,
      },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual({ ...r.body, updated: undefined }, {
      id,
      les: 21,
      password: "s3cret",
      customerName: "Oceanic Ltd",
      comments: null,
      mailContact: "noc@oceanic.example",
      phoneContact: "+33 (0)1 23-45.67",
      companyName: null,
      requesterName: "Jane",
      company: { id: company.id, name: company.name },
      updated: undefined,
    });
    assert.ok(!Number.isNaN(Date.parse(r.body.updated)));
    const [row] = await ctx.db.select().from(ruls).where(eq(ruls.id, id));
    assert.equal(row.les, 21);
    assert.equal(row.companyId, company.id);

    // LES 15, no company, the picker's {id, name} accepted too.
    const id15 = randomId();
    const r15 = await ctx.call("POST", "/rest/ruls/create", {
      token,
      json: { id: id15, les: 15, password: "p", customerName: "c" },
    });
    assert.equal(r15.status, 200);
    assert.equal(r15.body.les, 15);
    assert.equal(r15.body.company, null);
    const picked = await ctx.call("POST", "/rest/ruls/create", {
      token,
      json: {
        id: randomId(),
        password: "p",
        customerName: "c",
        company: { id: company.id, name: company.name },
      },
    });
    assert.equal(picked.status, 200);
    assert.deepEqual(picked.body.company, { id: company.id, name: company.name });
  },
);

dbTest(
  "[rest/ruls] create: a taken id answers 409 code 23000 'The RUL with id {id} already exists', on any LES",
  async (ctx) => {
    const { token } = await admin(ctx);
    const taken = await rul(ctx, { les: 21 });
    for (const les of [21, 15]) {
      const r = await ctx.call("POST", "/rest/ruls/create", {
        token,
        json: { id: taken.id, les, password: "p", customerName: "Other" },
      });
      assert.equal(r.status, 409, `LES ${les}`);
      assert.deepEqual(r.body, {
        code: 23000,
        message: `The RUL with id ${taken.id} already exists`,
      });
    }
    const rows = await ctx.db.select().from(ruls).where(eq(ruls.id, taken.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].customerName, taken.customerName);

    // Two creates of one new id at once: one wins, the other gets the same 409.
    const id = randomId();
    const both = await Promise.all(
      [21, 15].map((les) =>
        ctx.call("POST", "/rest/ruls/create", {
          token,
          json: { id, les, password: "p", customerName: "Race" },
        })
      ),
    );
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
    const lost = both.find((r) => r.status === 409)!;
    assert.deepEqual(lost.body, { code: 23000, message: `The RUL with id ${id} already exists` });
  },
);

dbTest("[rest/ruls] create and update: validation messages", async (ctx) => {
  const { token } = await admin(ctx);
  const ok = { id: randomId(), password: "pw", customerName: "Name" };
  for (
    const [body, message, field] of [
      [{ ...ok, id: undefined }, "Id is not in a valid format", "id"],
      [{ ...ok, id: 0 }, "Id must be at least 1", "id"],
      [{ ...ok, id: 1.5 }, "Id is not in a valid format", "id"],
      [{ ...ok, id: "7" }, "Id is not in a valid format", "id"],
      [{ ...ok, les: 7 }, "LES must be one of 15 LES 15, 21 LES 21", "les"],
      [{ ...ok, password: undefined }, "Password is required", "password"],
      [{ ...ok, password: "  " }, "Password is required", "password"],
      [
        { ...ok, password: "x".repeat(RUL_PASSWORD_MAX + 1) },
        `Password must have at most ${RUL_PASSWORD_MAX} characters`,
        "password",
      ],
      [{ ...ok, customerName: "" }, "Customer name is required", "customerName"],
      [
        { ...ok, customerName: "x".repeat(101) },
        "Customer name must have at most 100 characters",
        "customerName",
      ],
      [
        { ...ok, mailContact: "not-a-mail" },
        "Mail contact must be a valid e-mail address",
        "mailContact",
      ],
      [
        { ...ok, phoneContact: "call me" },
        "Phone contact may hold only digits, spaces and + ( ) . - /",
        "phoneContact",
      ],
      [
        { ...ok, comments: "x".repeat(501) },
        "Comments must have at most 500 characters",
        "comments",
      ],
      [{ ...ok, company: "acme" }, "Company is not in a valid format", "company"],
      [{ ...ok, company: 0 }, "Company must be at least 1", "company"],
    ] as const
  ) {
    for (const path of ["/rest/ruls/create", "/rest/ruls/update"]) {
      const r = await ctx.call("POST", path, { token, json: body });
      assert.equal(r.status, 400, `${path} ${JSON.stringify(body)}`);
      assert.equal(r.body.message, message, `${path} ${JSON.stringify(body)}`);
      assert.equal(r.body.fields[0].path, field, `${path} ${JSON.stringify(body)}`);
    }
  }
  // An unknown company.
  const unknown = await ctx.call("POST", "/rest/ruls/create", {
    token,
    json: { ...ok, company: 2_147_483_000 },
  });
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.message, "The selected company does not exist.");
  assert.equal((await ctx.db.select().from(ruls).where(eq(ruls.id, ok.id))).length, 0);
});

// ---- get, all, lastRul ----

dbTest("[rest/ruls] get by id whatever the LES; 404 and 400", async (ctx) => {
  const { token } = await admin(ctx);
  const company = await ctx.f.company();
  const r15 = await rul(ctx, { les: 15, companyId: company.id, companyName: "Legacy" });
  const r = await ctx.call("GET", `/rest/ruls/get?id=${r15.id}`, { token });
  assert.equal(r.status, 200);
  assert.deepEqual({ ...r.body, updated: undefined }, {
    id: r15.id,
    les: 15,
    password: "pw-1234",
    customerName: r15.customerName,
    comments: null,
    mailContact: null,
    phoneContact: null,
    companyName: "Legacy",
    requesterName: null,
    company: { id: company.id, name: company.name },
    updated: undefined,
  });
  const missing = await ctx.call("GET", "/rest/ruls/get?id=2147483000", { token });
  assert.equal(missing.status, 404);
  assert.deepEqual(missing.body, { code: 404, message: "Rul 2147483000 not found" });
  for (const bad of ["abc", "0", "-1", ""]) {
    const r400 = await ctx.call("GET", `/rest/ruls/get?id=${bad}`, { token });
    assert.equal(r400.status, 400, bad);
    assert.equal(r400.body.message, "Id is not in a valid format", bad);
  }
});

dbTest("[rest/ruls] all: every rul by id; lastRul: the highest id", async (ctx) => {
  const { token } = await admin(ctx);
  const a = await rul(ctx);
  const b = await rul(ctx, { les: 15 });
  const r = await ctx.call("GET", "/rest/ruls/all", { token });
  assert.equal(r.status, 200);
  const listed = ids(r.body);
  assert.ok(listed.includes(a.id) && listed.includes(b.id));
  assert.deepEqual(listed, [...listed].sort((x, y) => x - y));

  const top = await rul(ctx, { id: 2_147_480_000 + Math.floor(Math.random() * 3000) });
  const last = await ctx.call("GET", "/rest/ruls/lastRul", { token });
  assert.equal(last.status, 200);
  // Other suites may add ruls meanwhile (on a shared PostgreSQL database): between the two.
  const max = Math.max(...(await ctx.db.select({ id: ruls.id }).from(ruls)).map((x) => x.id));
  assert.deepEqual(Object.keys(last.body), ["id"]);
  assert.ok(last.body.id >= top.id && last.body.id <= max, `${last.body.id}`);
});

// ---- find ----

dbTest("[rest/ruls] find: filters, sorts (default id), pages and totals", async (ctx) => {
  const { token } = await admin(ctx);
  const tag = unique("Find").toLowerCase();
  const company = await ctx.f.company();
  const base = randomId();
  const one = await rul(ctx, { id: base + 1, customerName: `${tag} b`, companyId: company.id });
  const two = await rul(ctx, { id: base + 2, customerName: `${tag} a`, les: 15 });
  const three = await rul(ctx, {
    id: base + 3,
    customerName: `${tag} c`,
    companyName: `Blue Sea ${tag}`,
    companyId: company.id,
  });
  await rul(ctx); // not matching
  await ctx.db.update(ruls).set({ requesterName: `Req ${tag}` }).where(eq(ruls.id, two.id));
  const find = (json: unknown) => ctx.call("POST", "/rest/ruls/find", { token, json });

  const all = await find({ filter: { customerName: tag.toUpperCase() } });
  assert.equal(all.status, 200);
  assert.deepEqual(ids(all.body.results), [one.id, two.id, three.id]);
  assert.equal(all.body.filtered, 3);
  // The total counts every rul, not only the matching ones.
  assert.ok(all.body.total > all.body.filtered, `${all.body.total}`);
  assert.deepEqual(all.body.results[0].company, { id: company.id, name: company.name });

  const byName = await find({
    filter: { customerName: tag },
    sorting: { field: "customerName", direction: "desc" },
  });
  assert.deepEqual(ids(byName.body.results), [three.id, one.id, two.id]);

  const paged = await find({ filter: { customerName: tag }, count: 2, page: 2 });
  assert.deepEqual(ids(paged.body.results), [three.id]);
  assert.equal(paged.body.filtered, 3);

  for (
    const [f, expected] of [
      [{ id: String(two.id) }, [two.id]],
      [{ id: two.id }, [two.id]],
      [{ customerName: tag, les: 15 }, [two.id]],
      [{ customerName: tag, les: "21" }, [one.id, three.id]],
      [{ companyName: `blue sea ${tag.toUpperCase()}` }, [three.id]],
      [{ requesterName: `req ${tag}` }, [two.id]],
      [{ customerName: tag, company: company.id }, [one.id, three.id]],
      [{ customerName: tag, company: String(company.id) }, [one.id, three.id]],
    ] as const
  ) {
    const r = await find({ filter: f });
    assert.equal(r.status, 200, JSON.stringify(f));
    assert.deepEqual(ids(r.body.results), expected, JSON.stringify(f));
  }

  for (const field of ["les", "companyName", "updated"]) {
    const r = await find({ filter: { customerName: tag }, sorting: { field, direction: "asc" } });
    assert.equal(r.status, 200, field);
    assert.equal(r.body.results.length, 3, field);
  }
  const bad = await find({ sorting: { field: "password", direction: "asc" } });
  assert.equal(bad.status, 400);
  assert.equal(
    bad.body.message,
    "Sort by one of: id, les, customerName, companyName, updated",
  );
  for (
    const [id, message] of [
      ["2147483648", "Id must be at most 2147483647"],
      ["12a", "Id must be a whole number"],
      ["-1", "Id must be a whole number"],
      [2_147_483_648, "Id must be at most 2147483647"],
    ] as const
  ) {
    const r = await find({ filter: { id } });
    assert.equal(r.status, 400, String(id));
    assert.equal(r.body.message, message, String(id));
  }
  // Ten digits, as text (the list's filter box) or as a number.
  const big = await rul(ctx, { id: 2_000_000_000 + Math.floor(Math.random() * 100_000_000) });
  for (const id of [String(big.id), big.id]) {
    assert.deepEqual(ids((await find({ filter: { id } })).body.results), [big.id]);
  }
  const badLes = await find({ filter: { les: 7 } });
  assert.equal(badLes.status, 400);
  const unknown = await find({ filter: { password: "x" } });
  assert.equal(unknown.status, 400);
});

// ---- update ----

dbTest(
  "[rest/ruls] update: keyed by (id, les), 404 when unknown; omitted optional fields are kept",
  async (ctx) => {
    const { token } = await admin(ctx);
    const company = await ctx.f.company();
    const other = await ctx.f.company();
    const r = await rul(ctx, { companyId: company.id, companyName: "Keep me" });
    await ctx.db.update(ruls).set({ comments: "Old", updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(ruls.id, r.id));
    const before = (await ctx.db.select().from(ruls).where(eq(ruls.id, r.id)))[0];

    const u = await ctx.call("POST", "/rest/ruls/update", {
      token,
      json: {
        id: r.id,
        les: 21,
        password: "new-pw",
        customerName: " Renamed ",
        comments: "",
        mailContact: "a@b.example",
        company: other.id,
      },
    });
    assert.equal(u.status, 200, JSON.stringify(u.body));
    assert.equal(u.body.password, "new-pw");
    assert.equal(u.body.customerName, "Renamed");
    assert.equal(u.body.comments, null);
    assert.equal(u.body.mailContact, "a@b.example");
    assert.equal(u.body.companyName, "Keep me");
    assert.deepEqual(u.body.company, { id: other.id, name: other.name });
    assert.ok(Date.parse(u.body.updated) > before.updatedAt.getTime());

    // Without `company`: kept; null: cleared.
    const kept = await ctx.call("POST", "/rest/ruls/update", {
      token,
      json: { id: r.id, password: "new-pw", customerName: "Renamed" },
    });
    assert.deepEqual(kept.body.company, { id: other.id, name: other.name });
    const cleared = await ctx.call("POST", "/rest/ruls/update", {
      token,
      json: { id: r.id, password: "new-pw", customerName: "Renamed", company: null },
    });
    assert.equal(cleared.body.company, null);

    // The same id on another LES is not this rul.
    const wrongLes = await ctx.call("POST", "/rest/ruls/update", {
      token,
      json: { id: r.id, les: 15, password: "x", customerName: "x" },
    });
    assert.equal(wrongLes.status, 404);
    assert.deepEqual(wrongLes.body, { code: 404, message: `Rul ${r.id} (LES 15) not found` });
    const missing = await ctx.call("POST", "/rest/ruls/update", {
      token,
      json: { id: 2_147_483_000, password: "x", customerName: "x" },
    });
    assert.equal(missing.status, 404);
    const [row] = await ctx.db.select().from(ruls).where(eq(ruls.id, r.id));
    assert.equal(row.customerName, "Renamed");
    assert.equal(row.les, 21);
  },
);

// ---- delete ----

dbTest(
  "[rest/ruls] delete: refused while a dnid or an enid uses it, naming how many; then deleted",
  async (ctx) => {
    const { token } = await admin(ctx);
    const company = await ctx.f.company();
    const r = await rul(ctx);
    const del = () => ctx.call("POST", "/rest/ruls/delete", { token, json: { id: r.id, les: 21 } });
    const still = async () =>
      (await ctx.db.select().from(ruls).where(and(eq(ruls.id, r.id), eq(ruls.les, 21)))).length;

    const d1 = await ctx.f.dnid({ companyId: company.id, rulId: r.id });
    let refused = await del();
    assert.equal(refused.status, 409);
    assert.equal(
      refused.body.message,
      `Rul ${r.id} is used by 1 dnid and 0 enids; delete or move them first`,
    );
    assert.equal(await still(), 1);

    const d2 = await ctx.f.dnid({ companyId: company.id, rulId: r.id });
    const e1 = await enidOn(ctx, company.id, r.id);
    refused = await del();
    assert.equal(
      refused.body.message,
      `Rul ${r.id} is used by 2 dnids and 1 enid; delete or move them first`,
    );
    assert.equal(await still(), 1);

    await ctx.db.delete(dnids).where(eq(dnids.id, d1.id));
    await ctx.db.delete(dnids).where(eq(dnids.id, d2.id));
    await enidOn(ctx, company.id, r.id);
    refused = await del();
    assert.equal(
      refused.body.message,
      `Rul ${r.id} is used by 0 dnids and 2 enids; delete or move them first`,
    );
    assert.equal(await still(), 1);
    await ctx.db.delete(enids).where(eq(enids.rulId, r.id));
    assert.ok(e1);

    const ok = await del();
    assert.equal(ok.status, 200);
    assert.equal(ok.body.id, r.id);
    assert.equal(await still(), 0);

    const again = await del();
    assert.equal(again.status, 404);
    assert.deepEqual(again.body, { code: 404, message: `Rul ${r.id} (LES 21) not found` });
  },
);

dbTest("[rest/ruls] delete: the LES names which rul; missing les means 21", async (ctx) => {
  const { token } = await admin(ctx);
  const r15 = await rul(ctx, { les: 15 });
  const wrong = await ctx.call("POST", "/rest/ruls/delete", { token, json: { id: r15.id } });
  assert.equal(wrong.status, 404);
  const ok = await ctx.call("POST", "/rest/ruls/delete", {
    token,
    json: { id: r15.id, les: 15 },
  });
  assert.equal(ok.status, 200);
  assert.equal((await ctx.db.select().from(ruls).where(eq(ruls.id, r15.id))).length, 0);
});

// ---- pages ----

dbTest(
  "[pages/ruls] the list masks passwords; a rul's page shows its fields, dnids and enids; 404, 403",
  async (ctx) => {
    const { cookie } = await admin(ctx);
    const tag = unique("Page");
    const company = await ctx.f.company(`${tag} & Co`);
    const r = await rul(ctx, { customerName: `${tag} <cust>`, companyId: company.id });
    const dnid = await ctx.f.dnid({ companyId: company.id, rulId: r.id });
    const e = await enidOn(ctx, company.id, r.id);

    const list = await ctx.call("GET", `/management/rul?filter.customerName=${tag}`, { cookie });
    assert.equal(list.status, 200);
    const listHtml = html(list.body);
    assert.equal(h1(listHtml), "Ruls");
    assert.match(listHtml, new RegExp(`href="/management/rul/${r.id}"`));
    assert.match(listHtml, /••••/);
    // The first page is rendered with the island's props, password included for the edit
    // dialog (administrators only); the cells show it masked.
    assert.match(listHtml, new RegExp(`${tag} &lt;cust&gt;`));

    const page = await ctx.call("GET", `/management/rul/${r.id}`, { cookie });
    assert.equal(page.status, 200);
    const pageHtml = html(page.body);
    assert.equal(h1(pageHtml), `Rul ${r.id}`);
    assert.match(pageHtml, /pw-1234/);
    assert.match(pageHtml, new RegExp(`href="/administration/companies/${company.id}"`));
    assert.match(pageHtml, new RegExp(`href="/management/dnids/${dnid.id}/21"`));
    assert.match(pageHtml, new RegExp(`href="/management/enid/${e.id}"`));

    for (const bad of ["2147483000", "abc", "0"]) {
      const missing = await ctx.call("GET", `/management/rul/${bad}`, { cookie });
      assert.equal(missing.status, 302, bad);
      assert.equal(missing.res.headers.get("location"), "/error/404", bad);
    }
    const c = await session(ctx, 100);
    for (const path of ["/management/rul", `/management/rul/${r.id}`]) {
      const denied = await ctx.call("GET", path, { cookie: c.cookie });
      assert.equal(denied.status, 302, path);
      assert.equal(denied.res.headers.get("location"), "/error/403", path);
    }
  },
);

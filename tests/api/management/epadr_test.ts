/**
 * The EPADR robot: GET /rest/epadr/getConfig (the defaults before any save) and POST
 * /rest/epadr/updateConfig (administrators only; every rule of the source, poll interval, format
 * and dnids), and /management/epadr (the configuration for administrators only, the robot's
 * recent traffic — a client sees its own tgids' rows only).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { unique } from "../../fixtures/factories.ts";
import {
  admin,
  assertAdminOnly,
  clientWithTgid as client,
  h1,
  html,
} from "../../fixtures/companies_teams.ts";
import { epadrConfig, robotTraffic } from "../../../db/schema/mod.ts";
import { EPADR_MESSAGES } from "../../../openapi/schemas/epadr/epadr.ts";
import { EPADR_DEFAULTS } from "../../../server/services/epadr/read.ts";

const VALID = {
  enabled: true,
  sourceType: 0,
  sourceAddress: "epadr@robots.example",
  pollMinutes: 10,
  reportFormat: 2,
  dnids: [],
};

const update = (ctx: Ctx, token: string, json: unknown) =>
  ctx.call("POST", "/rest/epadr/updateConfig", { token, json });
const get = (ctx: Ctx, token: string) => ctx.call("GET", "/rest/epadr/getConfig", { token });

/** The module's database is shared: each test starts from no saved configuration. */
const clear = (ctx: Ctx) => ctx.db.delete(epadrConfig).where(eq(epadrConfig.id, 1));

dbTest("[rest/epadr] getConfig: the defaults until saved, then what was saved", async (ctx) => {
  await clear(ctx);
  const boss = await admin(ctx);
  const first = await get(ctx, boss.token);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.deepEqual(first.body, EPADR_DEFAULTS);
  assert.deepEqual(first.body, {
    enabled: false,
    sourceType: 0,
    sourceAddress: "",
    pollMinutes: 5,
    reportFormat: 0,
    dnids: [],
    updatedAt: null,
    updatedBy: null,
  });
  const saved = await update(ctx, boss.token, { ...VALID, dnids: [4660, 12, 12, 7] });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.deepEqual({ ...saved.body, updatedAt: "t" }, {
    ...VALID,
    dnids: [7, 12, 4660],
    updatedAt: "t",
    updatedBy: boss.user.id,
  });
  assert.ok(Date.now() - Date.parse(saved.body.updatedAt) < 60_000);
  assert.deepEqual((await get(ctx, boss.token)).body, saved.body);
  // A second save replaces the whole configuration (one row).
  const ftp = {
    ...VALID,
    enabled: false,
    sourceType: 1,
    sourceAddress: "sftp://files.example:2222/epadr/in",
    pollMinutes: 1440,
    reportFormat: 0,
  };
  const again = await update(ctx, boss.token, ftp);
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.equal(again.body.sourceAddress, ftp.sourceAddress);
  assert.deepEqual(again.body.dnids, []);
  assert.equal((await ctx.db.select().from(epadrConfig)).length, 1);
});

dbTest("[rest/epadr] administrators only", async (ctx) => {
  const c = await client(ctx);
  await assertAdminOnly(ctx, c.token, [
    ["GET", "/rest/epadr/getConfig"],
    ["POST", "/rest/epadr/updateConfig", VALID],
  ]);
});

dbTest("[rest/epadr] updateConfig: every rule, with its message", async (ctx) => {
  await clear(ctx);
  const boss = await admin(ctx);
  const refused: [Record<string, unknown>, string | undefined][] = [
    [{ sourceAddress: "not-a-mailbox" }, EPADR_MESSAGES.sourceSmtp],
    [{ sourceAddress: "ftp://files.example/in" }, EPADR_MESSAGES.sourceSmtp],
    [{ sourceType: 1, sourceAddress: "epadr@robots.example" }, EPADR_MESSAGES.sourceFtp],
    [{ sourceType: 1, sourceAddress: "http://files.example/in" }, EPADR_MESSAGES.sourceFtp],
    [
      { sourceType: 1, sourceAddress: "ftp://user:secret@files.example/in" },
      EPADR_MESSAGES.sourceFtp,
    ],
    [{ sourceType: 1, sourceAddress: "ftp://user@files.example/in" }, EPADR_MESSAGES.sourceFtp],
    [{ sourceAddress: "" }, EPADR_MESSAGES.sourceRequired],
    [{ sourceAddress: "a\u0000@b.example" }, "Source address must not contain control characters"],
    [{ sourceType: 2 }, "Source type must be one of 0 SMTP, 1 FTP"],
    [{ pollMinutes: 0 }, EPADR_MESSAGES.pollRange],
    [{ pollMinutes: 1441 }, EPADR_MESSAGES.pollRange],
    [{ pollMinutes: 2.5 }, EPADR_MESSAGES.pollRange],
    [{ pollMinutes: "5" }, EPADR_MESSAGES.pollRange],
    [{ reportFormat: 3 }, "Report format must be one of 0 Raw, 1 CSV, 2 XML"],
    [{ dnids: [0] }, EPADR_MESSAGES.dnids],
    [{ dnids: ["12"] }, EPADR_MESSAGES.dnids],
    [{ dnids: Array.from({ length: 101 }, (_, i) => i + 1) }, EPADR_MESSAGES.dnids],
    [{ enabled: "yes" }, "Enabled must be true or false"],
    [{ extra: 1 }, undefined],
  ];
  for (const [change, message] of refused) {
    const r = await update(ctx, boss.token, { ...VALID, ...change });
    assert.equal(r.status, 400, JSON.stringify(change));
    assert.equal(r.body.code, 400);
    if (message) assert.equal(r.body.message, message, JSON.stringify(change));
  }
  assert.equal((await update(ctx, boss.token, {})).status, 400);
  assert.equal((await ctx.db.select().from(epadrConfig)).length, 0, "nothing saved");
  // Disabled, the source may be empty; the longest poll interval and 100 dnids pass.
  for (
    const change of [
      { enabled: false, sourceAddress: "" },
      { pollMinutes: 1, dnids: Array.from({ length: 100 }, (_, i) => i + 1) },
      { sourceType: 1, sourceAddress: "ftps://files.example/epadr" },
      { sourceAddress: " epadr@robots.example " },
    ]
  ) {
    const r = await update(ctx, boss.token, { ...VALID, ...change });
    assert.equal(r.status, 200, `${JSON.stringify(change)}: ${JSON.stringify(r.body)}`);
  }
  assert.equal((await get(ctx, boss.token)).body.sourceAddress, "epadr@robots.example");
});

dbTest(
  "[pages] /management/epadr: configuration for administrators, traffic by tgid",
  async (ctx) => {
    await clear(ctx);
    const a = await client(ctx);
    const b = await client(ctx);
    const mark = unique("epadr");
    const row = (tgidId: number, robot = "EPADR") => ({
      type: 0,
      robot,
      receivedTime: new Date(),
      status: 2,
      tgidId,
      errorLabel: `${mark} ${tgidId} ${robot}`,
    });
    const [ra, rb, rother] = await ctx.db.insert(robotTraffic).values([
      row(a.tgid.id),
      row(b.tgid.id),
      row(a.tgid.id, "EGC"),
    ]).returning();
    const page = async (cookie: string) => {
      const r = await ctx.call("GET", "/management/epadr", { cookie });
      assert.equal(r.status, 200);
      return html(r.body);
    };
    const text = await page(a.cookie);
    assert.equal(h1(text), "Epadr");
    assert.match(text, new RegExp(`data-robot-row="${ra.realId}"`));
    assert.doesNotMatch(text, new RegExp(`data-robot-row="${rb.realId}"`), "another company's");
    assert.doesNotMatch(text, new RegExp(`data-robot-row="${rother.realId}"`), "another robot's");
    assert.doesNotMatch(text, /data-epadr-config/, "no configuration for a client");
    const boss = await admin(ctx);
    await update(ctx, boss.token, VALID);
    const adminText = await page(boss.cookie);
    assert.match(adminText, /data-epadr-config/);
    assert.match(adminText, /epadr@robots\.example/);
    assert.match(adminText, new RegExp(`data-robot-row="${ra.realId}"`));
    assert.match(adminText, new RegExp(`data-robot-row="${rb.realId}"`));
  },
);

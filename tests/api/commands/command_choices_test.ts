/**
 * The command calls (poll, EGC, irext, the dnid member commands) with a choice left out: a 400
 * {code, message} whose message says what is missing ("Please select a dnid"), the same words
 * the pages' forms show (the schemas are shared), and nothing recorded. A value of the wrong
 * shape still says it is not in a valid format.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { dbTest } from "../../fixtures/app.ts";
import { commandTenant } from "../../fixtures/terminal_commands.ts";
import { commandLists } from "../../../db/schema/mod.ts";
import { TERMINAL_COMMAND_MESSAGES as M } from "../../../openapi/schemas/command/terminal_command_messages.ts";

dbTest("[rest/commands] a choice left out says what is missing; nothing is sent", async (ctx) => {
  const t = await commandTenant(ctx);
  await ctx.f.dnidStatus({ dnidId: t.dnid.id, les: t.dnid.les, member: 5 });
  const extreme = await ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 3 });
  const member = { dnid: t.dnid.id, les: t.dnid.les, member: 5 };
  const lists = async () =>
    (await ctx.db.select().from(commandLists).where(eq(commandLists.companyId, t.company.id)))
      .length;

  const cases: [path: string, body: Record<string, unknown>, field: string, message: string][] = [
    ["/rest/poll/send", { pollType: 0 }, "dnid", M.selectDnid],
    ["/rest/poll/send", { dnid: null, pollType: 0 }, "dnid", M.selectDnid],
    ["/rest/poll/send", { dnid: t.dnid.id }, "pollType", M.selectPollType],
    ["/rest/egc/send", { text: "Gale warning" }, "enid", M.selectEnid],
    ["/rest/irext/sendLocationRequest", {}, "target", M.selectTerminal],
    ["/rest/irext/sendFreeTextMessage", { text: "Hi" }, "target", M.selectTerminal],
    [
      "/rest/irext/geofenceCancel",
      { target: extreme.deviceId },
      "geofenceId",
      "Geofence id is required",
    ],
    ["/rest/dnids/downloadDnid", { member: 5 }, "dnid", M.selectDnid],
    ["/rest/dnids/downloadDnid", { dnid: t.dnid.id }, "member", M.selectMember],
    ["/rest/dnids/onDemandPoll", { dnid: t.dnid.id, code: 9 }, "member", M.selectMember],
    ["/rest/dnids/onDemandPoll", member, "code", M.selectCode],
    ["/rest/dnids/createProgram", { ...member, startFrame: 0 }, "interval", "Interval is required"],
  ];
  for (const [path, json, field, message] of cases) {
    const r = await ctx.call("POST", path, { token: t.token, json });
    assert.equal(r.status, 400, `${path} ${JSON.stringify(json)}`);
    assert.equal(r.body.code, 400);
    assert.equal(r.body.message, message, `${path} ${JSON.stringify(json)}`);
    assert.deepEqual(r.body.fields?.[0], { path: field, message });
  }
  assert.equal(await lists(), 0, "nothing was recorded");
  assert.deepEqual(
    [M.selectDnid, M.selectMember, M.selectEnid, M.selectTerminal],
    [
      "Please select a dnid",
      "Please select a member",
      "Please select an enid",
      "Please select a terminal",
    ],
  );

  // Given, but not a number: the format message, as before.
  for (
    const [path, json, message] of [
      ["/rest/poll/send", { dnid: "x", pollType: 0 }, "Dnid is not in a valid format"],
      ["/rest/egc/send", { enid: "x", text: "A" }, "Enid is not in a valid format"],
      ["/rest/irext/sendLocationRequest", { target: "x" }, "Target is not in a valid format"],
      [
        "/rest/dnids/downloadDnid",
        { dnid: t.dnid.id, member: "x" },
        "Member is not in a valid format",
      ],
    ] as const
  ) {
    const r = await ctx.call("POST", path, { token: t.token, json });
    assert.deepEqual([r.status, r.body.message], [400, message], path);
  }
});

/**
 * The /rest/inmarsat calls of Messaging C: send (recipient, carbon copies, size limits with
 * mini-C, notification, empty message, access, the command list and station messages it makes,
 * a station refusal), the recipient history, the attachment upload (size, type, nothing left
 * behind) and an attachment's content, each client about its own company only.
 */
import assert from "node:assert/strict";
import { and, eq, like } from "drizzle-orm";
import { type Ctx, dbTest } from "../../fixtures/app.ts";
import { admin, clientWithTgid } from "../../fixtures/companies_teams.ts";
import { plainMessage } from "../../fixtures/messaging_c.ts";
import {
  commandLists,
  commands,
  files,
  mtls,
  recipientHistory,
  stationMessages,
  uploadChunks,
} from "../../../db/schema/mod.ts";
import {
  MESSAGING_C_MESSAGES as M,
  type MessagingCSendBody,
} from "../../../openapi/schemas/inmarsat/messaging_c.ts";
import { ATTACHMENT_TYPES, MINI_C_MODELS } from "../../../openapi/enums.ts";
import { sendMessage } from "../../../server/services/inmarsat/send.ts";
import { type StationAdapter, StationFault } from "../../../server/station/adapter.ts";

/** A company with a client team, its signed-in user (Messaging C access) and a tgid. */
async function tenant(ctx: Ctx, access = true) {
  const t = await clientWithTgid(ctx, { messagingCAccess: access });
  const terminal = (mtl: Partial<typeof mtls.$inferInsert> = {}) =>
    ctx.f.terminal({ tgidId: t.tgid.id, deviceTypeId: 0, mtl }).then((row) => row.mtl!.imn);
  return { ...t, terminal };
}

const message = (over: Partial<MessagingCSendBody["message"]> = {}) =>
  plainMessage({ raw: "Hello from the portal", ...over });

/** `a`'s user sends `body` through `station`, by the service rather than the API. */
const sendThrough = (
  ctx: Ctx,
  station: Pick<StationAdapter, "sendMessage">,
  a: Awaited<ReturnType<typeof tenant>>,
  body: MessagingCSendBody,
) =>
  sendMessage(ctx.db, station, { onlyCompany: a.company.id }, {
    key: a.user.key,
    companyId: a.company.id,
  }, body);

const listById = async (ctx: Ctx, id: number) =>
  (await ctx.db.select().from(commandLists).where(eq(commandLists.id, id)))[0];

/** The command lists sent by `userKey`. */
const listsOf = (ctx: Ctx, userKey: number) =>
  ctx.db.select().from(commandLists).where(eq(commandLists.userKey, userKey));

const send = (ctx: Ctx, token: string, body: Partial<MessagingCSendBody>) =>
  ctx.call("POST", "/rest/inmarsat/send", {
    token,
    json: { recipient: "", carboncopies: [], message: message(), ...body },
  });

/** Posts one chunk to the attachment upload. */
async function upload(
  ctx: Ctx,
  token: string,
  bytes: Uint8Array,
  opts: { name?: string; contentType?: string; index?: number; chunks?: number; id?: string } = {},
) {
  const id = opts.id ?? crypto.randomUUID();
  const q = new URLSearchParams({
    uploadId: id,
    index: String(opts.index ?? 0),
    chunks: String(opts.chunks ?? 1),
    name: opts.name ?? "notes.txt",
  });
  if (opts.contentType) q.set("contentType", opts.contentType);
  const res = await ctx.app.request(`http://localhost/rest/inmarsat/uploadAttachment?${q}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: await res.json(), id };
}

const bytes = (n: number, ch = "a") => new TextEncoder().encode(ch.repeat(n));

// ---- send ----

dbTest(
  "[rest/inmarsat] send: one command list, a command and a station message per recipient; " +
    "carbon copies cleaned; recipients kept in the history",
  async (ctx) => {
    const a = await tenant(ctx);
    const b = await tenant(ctx);
    const to = await a.terminal();
    const cc = await a.terminal();
    const theirs = await b.terminal();
    const r = await send(ctx, a.token, {
      recipient: to,
      carboncopies: [cc, cc, to, theirs, "499999999", "not an imn"],
      message: message({
        raw: "Position report please",
        from: { active: true, value: "ops@fleet.example" },
        replyTo: { active: false, value: "ignored@fleet.example" },
        notification: {
          recipients: ["ops@fleet.example"],
          reference: "REF-1",
          customDate: "2014-11-30 12:56:24",
        },
      }),
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.deepEqual(r.body.status, {
      success: true,
      message: "Message successfully sent to LES 21 Inmarsat C teleport",
    });
    assert.equal(r.body.size, "Position report please".length);
    assert.deepEqual(r.body.recipients.map((x: { mtl: string }) => x.mtl), [to, cc]);

    const list = await listById(ctx, r.body.listId);
    assert.equal(list.protocol, 5);
    assert.equal(list.companyId, a.company.id);
    assert.equal(list.userKey, a.user.key);
    const items = await ctx.db.select().from(commands)
      .where(eq(commands.listId, r.body.listId)).orderBy(commands.itemId);
    assert.deepEqual(items.map((c) => [c.groupId, c.itemId, c.mt, c.command]), [
      [1, 1, to, "sendMessage"],
      [1, 2, cc, "sendMessage"],
    ]);
    for (const [i, c] of items.entries()) {
      const refNum = r.body.recipients[i].refNum;
      assert.deepEqual(c.parameters, {
        les: 21,
        format: "text",
        text: "Position report please",
        cc: i > 0,
        refNum,
      });
      const [sm] = await ctx.db.select().from(stationMessages)
        .where(eq(stationMessages.refNum, refNum));
      assert.equal(sm.recipient, c.mt);
      assert.equal(sm.listId, r.body.listId);
      assert.equal(sm.itemId, c.itemId);
      assert.equal(sm.companyId, a.company.id);
      assert.equal(sm.userKey, a.user.key);
      assert.deepEqual(sm.carbonCopies, i === 0 ? [cc] : [to]);
      assert.deepEqual(sm.notificationRecipients, ["ops@fleet.example"]);
      assert.equal(sm.notificationReference, "REF-1");
      assert.equal(new Date(sm.notificationDate!).toISOString(), "2014-11-30T12:56:24.000Z");
      assert.equal(sm.sender, "ops@fleet.example");
      assert.equal(sm.replyTo, null);
    }
    const history = await ctx.call("GET", "/rest/inmarsat/getRecipientHistory", {
      token: a.token,
    });
    assert.equal(history.status, 200);
    assert.deepEqual(history.body.map((h: { mtl: string }) => h.mtl).sort(), [to, cc].sort());
  },
);

dbTest("[rest/inmarsat] send: the recipient must be valid and reachable", async (ctx) => {
  const a = await tenant(ctx);
  const b = await tenant(ctx);
  const theirs = await b.terminal();
  const invalid = await a.terminal({ isValid: false });
  const loose = (await ctx.f.mtl()).imn;
  for (const recipient of ["", "   ", "12345", "not an imn"]) {
    const r = await send(ctx, a.token, { recipient });
    assert.equal(r.status, 400, recipient);
    assert.equal(r.body.message, M.recipientInvalid);
  }
  for (const recipient of [theirs, invalid, loose, "499999999"]) {
    const r = await send(ctx, a.token, { recipient });
    assert.equal(r.status, 404, recipient);
    assert.deepEqual(r.body, { code: 404, message: M.recipientInvalid });
  }
  assert.equal(
    M.recipientInvalid,
    "The recipient is not valid. Please select a valid recipient using the autocomplete feature !",
  );
  const none = await listsOf(ctx, a.user.key);
  assert.equal(none.length, 0, "nothing recorded");
});

dbTest("[rest/inmarsat] send: at most 6 carbon copies", async (ctx) => {
  const a = await tenant(ctx);
  const to = await a.terminal();
  const ccs = [];
  for (let i = 0; i < 7; i++) ccs.push(await a.terminal());
  const seven = await send(ctx, a.token, { recipient: to, carboncopies: ccs });
  assert.equal(seven.status, 400);
  assert.equal(seven.body.message, M.tooManyCarbonCopies);
  const six = await send(ctx, a.token, { recipient: to, carboncopies: ccs.slice(0, 6) });
  assert.equal(six.status, 200, JSON.stringify(six.body));
  assert.equal(six.body.recipients.length, 7);
});

dbTest(
  "[rest/inmarsat] send: 32 KB at most, 10 KB when the recipient or a carbon copy is mini-C",
  async (ctx) => {
    const a = await tenant(ctx);
    const to = await a.terminal();
    const flagged = await a.terminal({ miniC: true });
    const byModel = await a.terminal({ model: MINI_C_MODELS[0] });
    assert.ok(MINI_C_MODELS.length >= 20);

    const ok32 = await send(ctx, a.token, {
      recipient: to,
      message: message({ raw: "x".repeat(32768) }),
    });
    assert.equal(ok32.status, 200, JSON.stringify(ok32.body).slice(0, 200));
    const over32 = await send(ctx, a.token, {
      recipient: to,
      message: message({ raw: "x".repeat(32769) }),
    });
    assert.equal(over32.status, 400);
    assert.equal(over32.body.message, M.tooBig(32769, 32768));
    assert.match(over32.body.message, /^Message is too big ! .*32769 bytes.*32768 bytes/);
    // ita2: 5 bits a character, 52428 characters are 32768 bytes; one more is too big.
    const ita2 = await send(ctx, a.token, {
      recipient: to,
      message: message({ raw: "A".repeat(52428), format: "ita2" }),
    });
    assert.equal(ita2.status, 200, JSON.stringify(ita2.body).slice(0, 200));
    assert.equal(ita2.body.size, 32768);
    const ita2Over = await send(ctx, a.token, {
      recipient: to,
      message: message({ raw: "A".repeat(52430), format: "ita2" }),
    });
    assert.equal(ita2Over.status, 400);
    const notIta2 = await send(ctx, a.token, {
      recipient: to,
      message: message({ raw: "Café", format: "ita2" }),
    });
    assert.equal(notIta2.status, 400);
    assert.equal(notIta2.body.message, M.ita2('"é"'));

    for (const [recipient, carboncopies] of [[flagged, []], [to, [byModel]]] as const) {
      const over = await send(ctx, a.token, {
        recipient,
        carboncopies: [...carboncopies],
        message: message({ raw: "y".repeat(10241) }),
      });
      assert.equal(over.status, 400, recipient);
      assert.equal(over.body.message, M.tooBig(10241, 10240));
      const fits = await send(ctx, a.token, {
        recipient,
        carboncopies: [...carboncopies],
        message: message({ raw: "y".repeat(10240) }),
      });
      assert.equal(fits.status, 200);
    }
  },
);

dbTest("[rest/inmarsat] send: notification recipients and date, empty message", async (ctx) => {
  const a = await tenant(ctx);
  const to = await a.terminal();
  const notify = (recipients: string[], customDate = "") =>
    send(ctx, a.token, {
      recipient: to,
      message: message({ notification: { recipients, reference: "", customDate } }),
    });
  const mail = await notify(["ops@fleet.example", "not-a-mail"]);
  assert.equal(mail.status, 400);
  assert.equal(mail.body.message, "Notification recipient not-a-mail is not a valid email !");
  for (
    const bad of [
      "30/11/2014 12:56",
      "2014-11-30T12:56:24",
      "2014-13-30 12:56:24",
      // Not real dates, or years PostgreSQL refuses: refused before anything is recorded.
      "0000-01-01 00:00:00",
      "1969-12-31 23:59:59",
      "2014-02-30 12:00:00",
      "2014-11-30 24:00:00",
    ]
  ) {
    const date = await notify(["ops@fleet.example"], bad);
    assert.equal(date.status, 400, bad);
    assert.equal(date.body.message, `Notification Date ${bad} is not in a valid format`);
  }
  const none = await listsOf(ctx, a.user.key);
  assert.equal(none.length, 0, "no list recorded for a refused date");
  assert.equal((await notify(["ops@fleet.example"], "2014-11-30 12:56:24")).status, 200);
  assert.equal((await notify(["ops@fleet.example"], "1970-01-01 00:00:00")).status, 200);

  const empty = await send(ctx, a.token, { recipient: to, message: message({ raw: "  \n " }) });
  assert.equal(empty.status, 400);
  assert.equal(
    empty.body.message,
    "Your message content is empty. Cannot transmit empty text and no attachments.",
  );
  const from = await send(ctx, a.token, {
    recipient: to,
    message: message({ from: { active: true, value: "" } }),
  });
  assert.equal(from.status, 400);
  assert.equal(from.body.message, M.fromRequired);
});

dbTest(
  "[rest/inmarsat] Messaging C needs the user's access; administrators have it",
  async (ctx) => {
    const a = await tenant(ctx, false);
    const to = await a.terminal();
    for (
      const [method, path, json] of [
        ["POST", "/rest/inmarsat/send", {
          recipient: to,
          carboncopies: [],
          message: message(),
        }],
        ["POST", "/rest/inmarsat/storeRecipientInHistory", { mtl: to }],
        ["GET", "/rest/inmarsat/getRecipientHistory", undefined],
        ["GET", "/rest/inmarsat/getAttachmentContent?refNum=1", undefined],
      ] as const
    ) {
      const r = await ctx.call(method, path, { token: a.token, json });
      assert.equal(r.status, 403, path);
      assert.deepEqual(r.body, { code: 403, message: "Messaging C access required" });
    }
    assert.equal((await upload(ctx, a.token, bytes(10))).status, 403);
    const { token } = await admin(ctx);
    const r = await send(ctx, token, { recipient: to });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    // An administrator's list belongs to the terminal's company.
    assert.equal((await listById(ctx, r.body.listId)).companyId, a.company.id);
  },
);

dbTest(
  "[rest/inmarsat] a station refusal: status success false, 'Error sending message: …', " +
    "the command Failed",
  async (ctx) => {
    const a = await tenant(ctx);
    const to = await a.terminal();
    const refusing = {
      sendMessage: () => Promise.reject(new StationFault("Terminal barred at the LES")),
    };
    const sent = await sendMessage(ctx.db, refusing, { onlyCompany: a.company.id }, {
      key: a.user.key,
      companyId: a.company.id,
    }, {
      recipient: to,
      carboncopies: [],
      message: plainMessage(),
    });
    assert.deepEqual(sent.status, {
      success: false,
      message: "Error sending message: Terminal barred at the LES",
    });
    const [c] = await ctx.db.select().from(commands).where(eq(commands.listId, sent.listId));
    assert.equal(c.status, 6);
    assert.equal(c.errorLabel, "Terminal barred at the LES");
  },
);

dbTest(
  "[rest/inmarsat] a handover that fails unexpectedly: the commands Failed, the error thrown",
  async (ctx) => {
    const a = await tenant(ctx);
    const to = await a.terminal();
    const cc = await a.terminal();
    const broken = {
      sendMessage: () => Promise.reject(new TypeError("connection reset")),
    };
    await assert.rejects(
      sendThrough(ctx, broken, a, { recipient: to, carboncopies: [cc], message: plainMessage() }),
      /connection reset/,
    );
    const [list] = await listsOf(ctx, a.user.key);
    const items = await ctx.db.select().from(commands)
      .where(eq(commands.listId, list.id)).orderBy(commands.itemId);
    assert.deepEqual(items.map((c) => [c.mt, c.status, c.errorLabel]), [
      [to, 6, "Handover to the LES failed"],
      [cc, 6, "Handover to the LES failed"],
    ]);
  },
);

dbTest(
  "[rest/inmarsat] a client sends to its own company's terminals only, not to shared tgids'",
  async (ctx) => {
    const a = await tenant(ctx);
    const b = await tenant(ctx);
    const to = await a.terminal();
    const shared = await ctx.f.tgid({ teamId: b.team.id, sharedWith: [a.team.id] });
    const there = (await ctx.f.terminal({ tgidId: shared.id, deviceTypeId: 0 })).mtl!.imn;
    // a reads it (the mtl is visible), but cannot send to it.
    assert.equal(
      (await ctx.call("GET", `/rest/mtls/getMtl?mtl=${there}`, { token: a.token })).status,
      200,
    );
    const r = await send(ctx, a.token, { recipient: there });
    assert.equal(r.status, 404);
    assert.deepEqual(r.body, { code: 404, message: M.recipientInvalid });
    // As a carbon copy, it is dropped like an unknown one.
    const cc = await send(ctx, a.token, { recipient: to, carboncopies: [there] });
    assert.equal(cc.status, 200, JSON.stringify(cc.body));
    assert.deepEqual(cc.body.recipients.map((x: { mtl: string }) => x.mtl), [to]);
  },
);

dbTest(
  "[rest/inmarsat] an administrator's carbon copy to another company is that company's message",
  async (ctx) => {
    const a = await tenant(ctx);
    const b = await tenant(ctx);
    const toA = await a.terminal();
    const toB = await b.terminal();
    const { token } = await admin(ctx);
    const up = await upload(ctx, token, bytes(100, "q"), {
      name: "n.txt",
      contentType: "text/plain",
    });
    assert.equal(up.status, 200, JSON.stringify(up.body));
    const r = await send(ctx, token, {
      recipient: toA,
      carboncopies: [toB],
      message: message({ data: { name: up.body.name, size: 100 } }),
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const [refA, refB] = r.body.recipients.map((x: { refNum: number }) => x.refNum);
    const companyOf = async (refNum: number) =>
      (await ctx.db.select({ c: stationMessages.companyId }).from(stationMessages)
        .where(eq(stationMessages.refNum, refNum)))[0].c;
    assert.equal(await companyOf(refA), a.company.id);
    assert.equal(await companyOf(refB), b.company.id);
    // Each company sees its own terminal's message (traffic, attachment), not the other's.
    const find = async (tok: string) =>
      (await ctx.call("POST", "/rest/station/find", { token: tok, json: {} })).body.rows
        .map((m: { refNum: number }) => m.refNum).filter((n: number) => n === refA || n === refB);
    assert.deepEqual(await find(a.token), [refA]);
    assert.deepEqual(await find(b.token), [refB]);
    const attachment = (tok: string, n: number) =>
      ctx.call("GET", `/rest/inmarsat/getAttachmentContent?refNum=${n}`, { token: tok });
    assert.equal((await attachment(b.token, refB)).status, 200);
    assert.equal((await attachment(a.token, refB)).status, 404);
    assert.equal((await attachment(b.token, refA)).status, 404);
    // The list is the main recipient's owner's.
    assert.equal((await listById(ctx, r.body.listId)).companyId, a.company.id);
  },
);

// ---- the recipient history ----

dbTest(
  "[rest/inmarsat] the recipient history: most recent first, reachable mtls only",
  async (ctx) => {
    const a = await tenant(ctx);
    const b = await tenant(ctx);
    const first = await a.terminal({ model: MINI_C_MODELS[1] });
    const second = await a.terminal();
    const theirs = await b.terminal();
    const store = (token: string, mtl: string) =>
      ctx.call("POST", "/rest/inmarsat/storeRecipientInHistory", { token, json: { mtl } });
    assert.equal((await store(a.token, first)).status, 200);
    await new Promise((r) => setTimeout(r, 5));
    const stored = await store(a.token, second);
    assert.equal(stored.body.mtl, second);
    assert.equal(stored.body.miniC, false);
    const other = await store(a.token, theirs);
    assert.equal(other.status, 404);
    // A row left from when the tgid was reachable (now B's): not shown.
    await ctx.db.insert(recipientHistory).values({ userKey: a.user.key, mtl: theirs });
    const r = await ctx.call("GET", "/rest/inmarsat/getRecipientHistory", { token: a.token });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.map((h: { mtl: string }) => h.mtl), [second, first]);
    assert.equal(r.body[1].miniC, true);
    assert.equal(r.body[1].model, MINI_C_MODELS[1]);
    assert.equal(r.body[0].miniC, false);
    const bHistory = await ctx.call("GET", "/rest/inmarsat/getRecipientHistory", {
      token: b.token,
    });
    assert.deepEqual(bHistory.body, []);
  },
);

// ---- attachments ----

dbTest(
  "[rest/inmarsat] uploadAttachment: 32 KB and allowed types only, nothing left behind",
  async (ctx) => {
    const a = await tenant(ctx);
    const stored = async (id: string) => ({
      files: (await ctx.db.select({ n: files.name }).from(files)
        .where(like(files.name, `uploads/${id}/%`))).length,
      chunks: (await ctx.db.select({ i: uploadChunks.index }).from(uploadChunks)
        .where(eq(uploadChunks.uploadId, id))).length,
    });
    const big = await upload(ctx, a.token, bytes(32 * 1024 + 1));
    assert.equal(big.status, 413);
    assert.equal(big.body.message, "File too large: an attachment is at most 32 KB");
    assert.deepEqual(await stored(big.id), { files: 0, chunks: 0 });
    const exe = await upload(ctx, a.token, bytes(10), {
      name: "tool.exe",
      contentType: "application/x-msdownload",
    });
    assert.equal(exe.status, 400);
    assert.equal(exe.body.message, "Attachments of type application/x-msdownload are not allowed");
    assert.deepEqual(await stored(exe.id), { files: 0, chunks: 0 });
    // Two chunks would pass the limit: refused at the first, nothing kept.
    const two = await upload(ctx, a.token, bytes(100), { chunks: 2 });
    assert.equal(two.status, 413);
    assert.deepEqual(await stored(two.id), { files: 0, chunks: 0 });
    for (const type of ATTACHMENT_TYPES.slice(0, 3)) {
      const ok = await upload(ctx, a.token, bytes(32 * 1024), { contentType: type });
      assert.equal(ok.status, 200, type);
      assert.equal(ok.body.complete, true);
      assert.equal(ok.body.size, 32 * 1024);
    }
  },
);

dbTest(
  "[rest/inmarsat] an attachment counts in the size, is sent and read back by its company only",
  async (ctx) => {
    const a = await tenant(ctx);
    const b = await tenant(ctx);
    const to = await a.terminal();
    const up = await upload(ctx, a.token, bytes(3000, "z"), {
      name: "log.csv",
      contentType: "text/csv",
    });
    assert.equal(up.status, 200);
    const data = { name: up.body.name as string, size: 3000 };
    const tooBig = await send(ctx, a.token, {
      recipient: to,
      message: message({ raw: "t".repeat(30000), data }),
    });
    assert.equal(tooBig.status, 400);
    assert.equal(tooBig.body.message, M.tooBig(33000, 32768));
    // The server counts the stored file, not the size the browser says.
    const lying = await send(ctx, a.token, {
      recipient: to,
      message: message({ raw: "t".repeat(30000), data: { ...data, size: 1 } }),
    });
    assert.equal(lying.status, 400);
    // Another company's upload cannot be attached.
    const bTo = await b.terminal();
    const stolen = await send(ctx, b.token, {
      recipient: bTo,
      message: message({ data }),
    });
    assert.equal(stolen.status, 400);
    assert.equal(stolen.body.message, M.attachmentMissing);

    // An attachment alone is a message.
    const r = await send(ctx, a.token, { recipient: to, message: message({ raw: "", data }) });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.size, 3000);
    const refNum = r.body.recipients[0].refNum;
    const [sm] = await ctx.db.select().from(stationMessages)
      .where(and(eq(stationMessages.refNum, refNum)));
    assert.equal(sm.attachmentName, "log.csv");
    assert.equal(sm.attachmentSize, 3000);
    assert.equal(sm.attachmentType, "text/csv");

    const get = (token: string, n: number) =>
      ctx.call("GET", `/rest/inmarsat/getAttachmentContent?refNum=${n}`, { token });
    const mine = await get(a.token, refNum);
    assert.equal(mine.status, 200);
    assert.deepEqual({ ...mine.body, content: undefined }, {
      refNum,
      name: "log.csv",
      contentType: "text/csv",
      size: 3000,
      content: undefined,
    });
    assert.equal(atob(mine.body.content), "z".repeat(3000));
    const theirs = await get(b.token, refNum);
    assert.equal(theirs.status, 404);
    assert.deepEqual(theirs.body, { code: 404, message: "Attachment not found" });
    const plain = await send(ctx, a.token, { recipient: to });
    assert.equal((await get(a.token, plain.body.recipients[0].refNum)).status, 404);
    const bad = await get(a.token, 0);
    assert.equal(bad.status, 400);
  },
);

/**
 * The transports against real loopback receivers (server/delivery/sinks): TCP frames,
 * SMTP through a relay (each encoding, refusals), FTP uploads (verify after upload, refusal),
 * web services (JSON / XML / SOAP, token, HTTP statuses, HTTPS with and without the TLS check),
 * and the egress policy refusing private, link-local, metadata and public destinations without a
 * single dial. Every address dialled is on 127.0.0.1.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { convert } from "../../../server/delivery/convert.ts";
import {
  createTransports,
  type RouteRow,
  type Transports,
} from "../../../server/delivery/transports/mod.ts";
import { deliverRound } from "../../../server/delivery/round.ts";
import { batchesOf, deliverBatch } from "../../../server/delivery/round_batch.ts";
import { DestinationSlots } from "../../../server/delivery/limits/slots.ts";
import {
  startFtpSink,
  startHangingSink,
  startHttpSink,
  startSmtpSink,
  startTcpSink,
} from "../../../server/delivery/sinks/mod.ts";
import type { PushRow, TransportContext } from "../../../server/delivery/types.ts";
import { closedPort, loopbackPolicy, receivedBy } from "../../fixtures/delivery.ts";
import { uuencode } from "../../../server/delivery/transports/uuencode.ts";

const TLS_DIR = fileURLToPath(new URL("../../fixtures/tls/", import.meta.url));
const decode = (b: Uint8Array) => new TextDecoder().decode(b);
const STORED = new Date("2026-11-23T10:15:00Z");

function row(id: number, content = `DNID 10001 MEM 7 POS 43.1000N 005.2000W msg ${id}`): PushRow {
  return {
    id,
    parentId: null,
    tgidId: 4242,
    dnid: 10001,
    les: 21,
    lesCStoredTime: STORED,
    status: 1,
    deliveryType: 0,
    protocol: 0,
    errorLabel: null,
    dataLength: content.length,
    headerLength: 0,
    deliveryAttempts: 0,
    pushDeliveryAttempts: 0,
    pushDeliveryStatus: null,
    failureReason: null,
    routagePushId: 1,
    routageType: 0,
    content,
    updatedAt: STORED,
    nextAttemptAt: null,
    claimToken: null,
    retryStep: 0,
  };
}

const common = {
  id: 1,
  tgidId: 4242,
  memberOrMobileNum: null,
  apiAdd: false,
  conversion: 0,
  followOn: false,
  transmitFrequency: 0,
  createdAt: STORED,
  updatedAt: STORED,
  createdBy: null,
  updatedBy: null,
};

/** The transports with no relay and an anonymous FTP login, unless `extra` says otherwise. */
const transportsWith = (extra: Partial<Parameters<typeof createTransports>[0]> = {}) =>
  createTransports({
    smtpRelay: "",
    smtpFrom: "",
    ftpUser: "anonymous",
    ftpPassword: "portal@",
    ...extra,
  });

function context(timeoutMs = 2_000) {
  const { policy, dials } = loopbackPolicy();
  const ctx: TransportContext = { signal: new AbortController().signal, timeoutMs, egress: policy };
  return { ctx, dials };
}

const tcpRoute = (primary: string): RouteRow => ({
  kind: "tcp",
  row: {
    ...common,
    ipPortTxPrimary: primary,
    ipPortTxSecondary: null,
    txPrimaryUp: 1,
    txSecondaryUp: 0,
  },
});

Deno.test("[delivery/tcp] frames arrive with their ids over pooled connections", async () => {
  const sink = await startTcpSink();
  const transports = transportsWith({ perDestination: 4 });
  const { ctx, dials } = context();
  try {
    const address = `127.0.0.1:${sink.port}`;
    const results = await Promise.all(
      Array.from(
        { length: 500 },
        (_, i) =>
          transports.deliver(tcpRoute(address), "primary", address, convert(0, row(i + 1)), ctx),
      ),
    );
    assert.ok(results.every((r) => r.outcome === "delivered"), JSON.stringify(results[0]));
    await receivedBy(sink, 500);
    assert.deepEqual(
      sink.received.map((m) => m.id).sort((a, b) => a - b),
      Array.from({ length: 500 }, (_, i) => i + 1),
    );
    assert.equal(decode(sink.received.find((m) => m.id === 7)!.body), row(7).content);
    assert.ok(dials.length >= 500 && dials.every((d) => d === address), "dialled the sink only");
    // At most perDestination connections were opened.
    assert.ok(new Set(sink.received.map((m) => m.meta?.peer)).size <= 4);
  } finally {
    await transports.close();
    await sink.close();
  }
});

Deno.test("[delivery/tcp] frames written in one turn leave together on one connection", async () => {
  const sink = await startTcpSink();
  const transports = transportsWith({ perDestination: 4 });
  const { ctx } = context();
  try {
    const address = `127.0.0.1:${sink.port}`;
    const send = (id: number) =>
      transports.deliver(tcpRoute(address), "primary", address, convert(0, row(id)), ctx);
    assert.equal((await send(1)).outcome, "delivered"); // a connection is open
    // Fifty in one turn: they join the first one's frames on its connection (one send), where
    // "the least busy connection" would open the pool's other three for them.
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i + 2)));
    assert.ok(results.every((r) => r.outcome === "delivered"));
    await receivedBy(sink, 51);
    assert.equal(sink.received.length, 51);
    assert.equal(new Set(sink.received.map((m) => m.meta?.peer)).size, 1);
  } finally {
    await transports.close();
    await sink.close();
  }
});

Deno.test("[delivery/tcp] a refused connection fails; a hanging receiver times out", async () => {
  const hanging = await startHangingSink();
  const refusing = await closedPort();
  const transports = transportsWith();
  const { ctx } = context(400);
  try {
    const refused = `127.0.0.1:${refusing}`;
    const r1 = await transports.deliver(
      tcpRoute(refused),
      "primary",
      refused,
      convert(0, row(1)),
      ctx,
    );
    assert.equal(r1.outcome, "failed");
    assert.match((r1 as { error: string }).error, /refused/i);

    // A big payload fills the socket buffers of a receiver that never reads.
    const big = row(2, "x".repeat(8 * 1024 * 1024));
    const hang = `127.0.0.1:${hanging.port}`;
    const t0 = Date.now();
    const r2 = await transports.deliver(tcpRoute(hang), "primary", hang, convert(0, big), ctx);
    assert.equal(r2.outcome, "failed");
    assert.match((r2 as { error: string }).error, /timed out after 0.4 s/);
    assert.ok(Date.now() - t0 < 2_000, "bounded by the timeout");
  } finally {
    await transports.close();
    await hanging.close();
  }
});

Deno.test("[delivery/tcp] a batch: admitted once, spread over the pool, every id kept", async (t) => {
  const sink = await startTcpSink();
  const refusing = await closedPort();
  const transports = transportsWith({ perDestination: 4 });
  const { ctx, dials } = context();
  const msgs = (n: number) => Array.from({ length: n }, (_, i) => convert(0, row(i + 1)));
  const many = (address: string, n: number) =>
    transports.deliverMany!(tcpRoute(address), "primary", address, msgs(n), ctx);
  try {
    await t.step("300 frames over the pool's 4 connections, one dial checked", async () => {
      const address = `127.0.0.1:${sink.port}`;
      const results = await many(address, 300);
      assert.equal(results.length, 300);
      assert.ok(results.every((r) => r.outcome === "delivered"), JSON.stringify(results[0]));
      await receivedBy(sink, 300);
      assert.deepEqual(
        sink.received.map((m) => m.id).sort((a, b) => a - b),
        Array.from({ length: 300 }, (_, i) => i + 1),
      );
      assert.equal(decode(sink.received.find((m) => m.id === 299)!.body), row(299).content);
      assert.deepEqual(dials, [address], "the destination is admitted once for the batch");
      assert.equal(new Set(sink.received.map((m) => m.meta?.peer)).size, 4);
    });
    await t.step("a refused connection fails every message of the batch", async () => {
      const results = await many(`127.0.0.1:${refusing}`, 3);
      assert.deepEqual(results.map((r) => r.outcome), ["failed", "failed", "failed"]);
      assert.match((results[2] as { error: string }).error, /refused/i);
    });
    await t.step(
      "a malformed or forbidden destination: every message, nothing dialled",
      async () => {
        dials.length = 0;
        const malformed = await many("127.0.0.1", 2);
        assert.deepEqual(malformed.map((r) => r.outcome), ["rejected", "rejected"]);
        const forbidden = await many("169.254.10.1:5000", 2);
        assert.deepEqual(forbidden.map((r) => r.outcome), ["refused", "refused"]);
        assert.match((forbidden[0] as { error: string }).error, /link-local/);
        assert.deepEqual(dials, []);
      },
    );
  } finally {
    await transports.close();
    await sink.close();
  }
});

Deno.test("[delivery/round] a claim's messages for one TCP route go in one call; the backup takes what the primary did not", async () => {
  const backup = await startTcpSink();
  const refusing = await closedPort();
  const inner = transportsWith();
  const calls = { one: 0, many: 0 };
  const transports: Transports = {
    deliver: (...args) => (calls.one++, inner.deliver(...args)),
    deliverMany: (...args) => (calls.many++, inner.deliverMany!(...args)),
    close: () => inner.close(),
  };
  const { ctx } = context();
  const deps = {
    transports,
    ctx,
    slots: new DestinationSlots(8),
    schedule: [60],
    guardMs: 5_000,
  };
  const route: RouteRow = {
    kind: "tcp",
    row: {
      ...common,
      ipPortTxPrimary: `127.0.0.1:${refusing}`,
      ipPortTxSecondary: `127.0.0.1:${backup.port}`,
      txPrimaryUp: 1,
      txSecondaryUp: 1,
    },
  };
  const rows = [1, 2, 3].map((id) => ({ ...row(id), previousStatus: 0 as const }));
  try {
    const { batches, alone } = batchesOf(deps, rows, new Map(rows.map((r) => [r.id, route])));
    assert.deepEqual(alone, []);
    assert.deepEqual(batches.map((b) => b.rows.map((r) => r.id)), [[1, 2, 3]]);
    const results = await deliverBatch(deps, batches[0], "token");
    assert.equal(calls.many, 1, "the primary had one call for the three");
    assert.equal(calls.one, 3, "the backup, one call a message");
    assert.deepEqual(results.map((r) => [r.id, r.status, r.dialled]), [[1, 4, 2], [2, 4, 2], [
      3,
      4,
      2,
    ]]);
    for (const r of results) {
      assert.deepEqual(r.attempts.map((a) => [a.target, a.outcome]), [
        ["primary", "failed"],
        ["backup", "delivered"],
      ]);
      assert.match(r.attempts[0].error!, /refused/i);
    }
    await receivedBy(backup, 3);
    assert.deepEqual(backup.received.map((m) => m.id).sort(), [1, 2, 3]);

    // A primary that is not active leaves the messages to go alone (its skip is recorded).
    const inactive: RouteRow = { ...route, row: { ...route.row, txPrimaryUp: 0 } } as RouteRow;
    const split = batchesOf(deps, rows, new Map(rows.map((r) => [r.id, inactive])));
    assert.deepEqual([split.batches.length, split.alone.length], [0, 3]);
  } finally {
    await transports.close();
    await backup.close();
  }
});

Deno.test("[delivery/round] a transport call that never settles, throws or rejects ends as a failed attempt", async () => {
  const { ctx } = context();
  const claimed = { ...row(3), previousStatus: 0 } as const;
  const roundWith = (deliver: Transports["deliver"]) =>
    deliverRound(
      {
        transports: { deliver, close: () => Promise.resolve() },
        ctx,
        slots: new DestinationSlots(1),
        schedule: [60],
        guardMs: 100,
      },
      claimed,
      "token",
      tcpRoute("127.0.0.1:9"),
    );
  const hung = await roundWith(() => new Promise(() => {}));
  assert.deepEqual(hung.attempts.map((a) => [a.outcome, a.error]), [
    ["failed", "Delivery to 127.0.0.1:9 did not finish within 0.1 s"],
  ]);
  const thrown = await roundWith(() => {
    throw new Error("thrown at once");
  });
  assert.deepEqual(thrown.attempts.map((a) => [a.outcome, a.error]), [[
    "failed",
    "thrown at once",
  ]]);
  const rejected = await roundWith(() => Promise.reject(new Error("rejected later")));
  assert.deepEqual(rejected.attempts.map((a) => [a.outcome, a.error]), [
    ["failed", "rejected later"],
  ]);
});

const smtpRoute = (encoding: string, extra: Record<string, unknown> = {}): RouteRow => ({
  kind: "smtp",
  row: {
    ...common,
    emailMaster: "positions@customer.test",
    emailSecondary: "ops@customer.test,duty@customer.test",
    encoding,
    signature: "DR_Viz",
    subject: "DR_Viz",
    body: "Position report",
    ...extra,
  },
});

Deno.test("[delivery/smtp] each encoding through the relay, ids kept, 5xx rejected, 4xx failed", async (t) => {
  const sink = await startSmtpSink();
  const transports = transportsWith({
    smtpRelay: `127.0.0.1:${sink.port}`,
    smtpFrom: "push@portal.test",
  });
  const { ctx, dials } = context();
  const send = (id: number, route: RouteRow) =>
    transports.deliver(route, "relay", "positions@customer.test", convert(0, row(id)), ctx);
  try {
    await t.step("Txt: the payload as the text, copies, subject with the id", async () => {
      const r = await send(11, smtpRoute("Txt"));
      assert.equal(r.outcome, "delivered", JSON.stringify(r));
      const mail = sink.received.at(-1)!;
      assert.equal(mail.id, 11);
      assert.equal(mail.meta?.subject, "DR_Viz 11");
      assert.equal(
        mail.meta?.to,
        "positions@customer.test,ops@customer.test,duty@customer.test",
      );
      assert.equal(mail.meta?.from, "push@portal.test");
      const raw = decode(mail.body);
      assert.match(raw, /Message-ID: <push-11@portal\.test>/i);
      assert.ok(raw.includes(row(11).content!), "payload as text");
      assert.match(raw, /-- \r?\nDR_Viz/);
    });
    await t.step("Uuencode: the body is the uuencoded payload", async () => {
      await send(12, smtpRoute("Uuencode"));
      const raw = decode(sink.received.at(-1)!.body).replace(/\r\n/g, "\n");
      const encoded = uuencode(new TextEncoder().encode(row(12).content!), "12.txt");
      assert.ok(raw.includes(encoded.trim()), raw);
      assert.ok(!raw.includes("Position report"), "no body text before the uuencoded data");
    });
    await t.step("Uuinline: the route's body, then the uuencoded payload", async () => {
      await send(13, smtpRoute("Uuinline"));
      const raw = decode(sink.received.at(-1)!.body).replace(/\r\n/g, "\n");
      assert.ok(raw.indexOf("Position report") < raw.indexOf("begin 644 13.txt"));
    });
    await t.step("Mime64: a base64 attachment named <id>.<ext>", async () => {
      await send(14, smtpRoute("Mime64", { body: "" }));
      const raw = decode(sink.received.at(-1)!.body);
      assert.match(raw, /filename="?14\.txt"?/);
      assert.match(raw, /Content-Transfer-Encoding: base64/i);
      assert.ok(raw.includes(btoa(row(14).content!).slice(0, 40)));
    });
    assert.equal(dials.length, 0, "the relay is configuration, not a checked destination");
  } finally {
    await transports.close();
    await sink.close();
  }
  for (const [code, outcome] of [[550, "rejected"], [451, "failed"]] as const) {
    const refusing = await startSmtpSink({ reject: code });
    const relay = transportsWith({
      smtpRelay: `127.0.0.1:${refusing.port}`,
      smtpFrom: "push@portal.test",
    });
    try {
      const r = await relay.deliver(
        smtpRoute("Txt"),
        "relay",
        "x@customer.test",
        convert(0, row(20)),
        ctx,
      );
      assert.equal(r.outcome, outcome, `${code}: ${JSON.stringify(r)}`);
      assert.match((r as { error: string }).error, new RegExp(String(code)));
    } finally {
      await relay.close();
      await refusing.close();
    }
  }
  const none = transportsWith();
  const r = await none.deliver(
    smtpRoute("Txt"),
    "relay",
    "x@customer.test",
    convert(0, row(21)),
    ctx,
  );
  assert.deepEqual(r, { outcome: "refused", error: "No SMTP relay is configured (SMTP_RELAY)" });
  await none.close();
});

const ftpRoute = (address: string, verify: number, type = 1): RouteRow => ({
  kind: "ftp",
  row: {
    ...common,
    ftpType: type,
    ftpVerif: verify,
    ftpPrimary: address,
    ftpSecondary: null,
    ftpPrimaryUp: 1,
    ftpSecondaryUp: 0,
  },
});

Deno.test("[delivery/ftp] files land under the route's folder, verified; refusals", async () => {
  const root = await Deno.makeTempDir();
  const sink = await startFtpSink({ root });
  const transports = transportsWith();
  const { ctx } = context(3_000);
  try {
    const address = `ftp://127.0.0.1:${sink.port}/inbound/positions`;
    const r = await transports.deliver(
      ftpRoute(address, 1),
      "primary",
      address,
      convert(5, row(31)),
      ctx,
    );
    assert.equal(r.outcome, "delivered", JSON.stringify(r));
    assert.equal(
      await Deno.readTextFile(`${root}/inbound/positions/31.csv`),
      decode(convert(5, row(31)).body),
    );
    assert.ok(sink.received.some((m) => m.id === 31), "the sink saw the file");
    const entries = [...Deno.readDirSync(`${root}/inbound/positions`)].map((e) => e.name);
    assert.deepEqual(entries, ["31.csv"], "no temporary file left");

    // The seed's form host:port/path, an Active route (delivered passive, said so).
    const plain = `127.0.0.1:${sink.port}/other`;
    const active = await transports.deliver(
      ftpRoute(plain, 0, 0),
      "primary",
      plain,
      convert(0, row(32)),
      ctx,
    );
    assert.equal(active.outcome, "delivered");
    assert.match((active as { detail?: string }).detail ?? "", /passive/);

    // A folder that cannot be created (a file is in the way): 550 from the server → rejected.
    await Deno.writeTextFile(`${root}/blocked`, "a file");
    const blocked = `127.0.0.1:${sink.port}/blocked/x`;
    const refused = await transports.deliver(
      ftpRoute(blocked, 0),
      "primary",
      blocked,
      convert(0, row(33)),
      ctx,
    );
    assert.notEqual(refused.outcome, "delivered");
  } finally {
    await transports.close();
    await sink.close();
    await Deno.remove(root, { recursive: true });
  }
});

const wsRoute = (url: string, extra: Record<string, unknown> = {}): RouteRow => ({
  kind: "ws",
  row: {
    ...common,
    wsPrimary: url,
    wsSecondary: null,
    wsPrimarySslCheck: true,
    wsSecondarySslCheck: true,
    wsPrimaryUp: 1,
    wsSecondaryUp: 0,
    keys: "dnid,member",
    token: "t0k3n",
    namespace: "urn:customer:satellite",
    format: "JSON",
    ...extra,
  },
});

Deno.test("[delivery/ws] JSON, XML and SOAP posts; statuses; HTTPS with and without the check", async (t) => {
  const transports = transportsWith();
  const { ctx } = context();
  /** Posts message `id` to `url` over a ws route (with `extra`) as its primary. */
  const post = (url: string, id: number, extra: Record<string, unknown> = {}) =>
    transports.deliver(wsRoute(url, extra), "primary", url, convert(0, row(id)), ctx);
  const ok = await startHttpSink();
  try {
    const url = `http://127.0.0.1:${ok.port}/satellite/v2/messages`;
    await t.step("JSON with keys, namespace and the bearer token", async () => {
      const r = await post(url, 41);
      assert.equal(r.outcome, "delivered", JSON.stringify(r));
      const got = ok.received.at(-1)!;
      assert.equal(got.id, 41);
      assert.equal(got.meta?.authorization, "Bearer t0k3n");
      assert.equal(got.meta?.path, "/satellite/v2/messages");
      assert.deepEqual(JSON.parse(decode(got.body)), {
        id: 41,
        tgid: 4242,
        dnid: 10001,
        les: 21,
        protocol: 0,
        storedAt: STORED.toISOString(),
        namespace: "urn:customer:satellite",
        keys: { dnid: 10001, member: "7" },
        contentType: "text/plain; charset=utf-8",
        content: row(41).content,
      });
    });
    await t.step("XML and SOAP", async () => {
      await post(url, 42, { format: "XML" });
      const xml = decode(ok.received.at(-1)!.body);
      assert.match(xml, /^<\?xml[^>]*>\n<message xmlns="urn:customer:satellite" id="42"/);
      assert.ok(xml.includes('<key name="member">7</key>'));
      await post(url, 43, { format: "SOAP" });
      const soap = decode(ok.received.at(-1)!.body);
      assert.match(soap, /<soap:Envelope[^>]*><soap:Body><message [^>]*id="43"/);
      assert.equal(ok.received.at(-1)!.meta?.contentType, "text/xml; charset=utf-8");
    });
  } finally {
    await ok.close();
  }
  for (const [status, outcome] of [[500, "failed"], [429, "failed"], [400, "rejected"]] as const) {
    const sink = await startHttpSink({ status });
    try {
      const url = `http://127.0.0.1:${sink.port}/in`;
      const r = await post(url, 50);
      assert.equal(r.outcome, outcome, `${status}`);
      assert.match((r as { error: string }).error, new RegExp(`HTTP ${status}`));
    } finally {
      await sink.close();
    }
  }
  const tls = {
    cert: await Deno.readTextFile(`${TLS_DIR}cert.pem`),
    key: await Deno.readTextFile(`${TLS_DIR}key.pem`),
  };
  const secure = await startHttpSink({ tls });
  try {
    const url = `https://127.0.0.1:${secure.port}/in`;
    const checked = await post(url, 60);
    assert.equal(checked.outcome, "failed", "a self-signed certificate fails the check");
    assert.match((checked as { error: string }).error, /TLS check|self.signed|certificate/i);
    assert.equal(secure.received.length, 0);
    const unchecked = await post(url, 61, { wsPrimarySslCheck: false });
    assert.equal(unchecked.outcome, "delivered", JSON.stringify(unchecked));
    assert.equal(secure.received.at(-1)!.id, 61);
  } finally {
    await secure.close();
    await transports.close();
  }
});

Deno.test("[delivery/egress] private, link-local, metadata, public and unlisted names: refused, never dialled", async () => {
  const transports = transportsWith();
  const { ctx, dials } = context();
  const cases: [RouteRow, string, RegExp][] = [
    [tcpRoute("10.1.2.3:5000"), "10.1.2.3:5000", /private/],
    [tcpRoute("192.168.1.10:5000"), "192.168.1.10:5000", /private/],
    [tcpRoute("169.254.10.1:5000"), "169.254.10.1:5000", /link-local/],
    [
      wsRoute("http://169.254.169.254/latest/meta-data"),
      "http://169.254.169.254/latest/meta-data",
      /metadata|link-local/,
    ],
    [
      wsRoute("http://metadata.google.internal/x"),
      "http://metadata.google.internal/x",
      /metadata|not resolved/,
    ],
    [tcpRoute("203.0.113.5:5000"), "203.0.113.5:5000", /public/],
    [
      ftpRoute("ftp.customer.example:21/in", 0),
      "ftp.customer.example:21/in",
      /not resolved|host name/i,
    ],
    [wsRoute("http://[::ffff:10.0.0.1]:80/x"), "http://[::ffff:10.0.0.1]:80/x", /private/],
  ];
  try {
    for (const [route, address, reason] of cases) {
      const r = await transports.deliver(route, "primary", address, convert(0, row(70)), ctx);
      assert.equal(r.outcome, "refused", `${address}: ${JSON.stringify(r)}`);
      assert.match((r as { error: string }).error, reason, address);
    }
    assert.deepEqual(dials, [], "nothing was dialled");
  } finally {
    await transports.close();
  }
});

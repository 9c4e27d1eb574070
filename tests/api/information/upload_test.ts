import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { type Ctx, dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { files, uploadChunks } from "../../../db/schema/mod.ts";
import { pruneAuthState } from "../../../server/services/users/session/housekeeping.ts";
import {
  CHUNK_TOO_LARGE,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_TOO_LARGE,
} from "../../../openapi/schemas/file/file.ts";

const CHUNK = UPLOAD_CHUNK_BYTES;

/** Random bytes (getRandomValues fills at most 64 KB at a time). */
function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, i + 65536));
  return out;
}

const sha256Hex = async (data: Uint8Array) =>
  Array.from(
    new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>)),
    (b) => b.toString(16).padStart(2, "0"),
  ).join("");

interface ChunkOpts {
  token?: string;
  uploadId: string;
  index: number | string;
  chunks: number | string;
  name?: string;
  contentType?: string;
}

/** POSTs one chunk's bytes; answers the status and the parsed JSON. */
async function postChunk(ctx: Ctx, o: ChunkOpts, data: Uint8Array) {
  const q = new URLSearchParams({
    uploadId: o.uploadId,
    index: String(o.index),
    chunks: String(o.chunks),
    name: o.name ?? "data.bin",
  });
  if (o.contentType) q.set("contentType", o.contentType);
  const res = await ctx.app.request(`http://localhost/rest/file/upload?${q}`, {
    method: "POST",
    headers: {
      "content-type": "application/octet-stream",
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    },
    body: data as Uint8Array<ArrayBuffer>,
  });
  // deno-lint-ignore no-explicit-any
  return { status: res.status, body: await res.json() as any };
}

const chunksOf = (data: Uint8Array) =>
  Array.from(
    { length: Math.max(1, Math.ceil(data.byteLength / CHUNK)) },
    (_, i) => data.subarray(i * CHUNK, (i + 1) * CHUNK),
  );

async function signedInUser(ctx: Ctx, opts: { companyId?: number; rights?: number } = {}) {
  const user = await ctx.f.user(opts);
  const { token } = await signIn(ctx, user.id, TEST_PASSWORD);
  return { user, token };
}

dbTest(
  "[rest/file/upload] chunks (in any order) assemble the exact bytes, downloadable with file/get",
  async (ctx, t) => {
    const { user, token } = await signedInUser(ctx);
    const data = randomBytes(600 * 1024);
    const parts = chunksOf(data);
    assert.equal(parts.length, 3);
    const uploadId = crypto.randomUUID();
    const base = { token, uploadId, chunks: 3, name: "report 1.csv", contentType: "text/csv" };

    await t.step("earlier chunks answer complete: false with the count received", async () => {
      const r1 = await postChunk(ctx, { ...base, index: 1 }, parts[1]);
      assert.equal(r1.status, 200);
      assert.deepEqual(r1.body, { complete: false, received: 1 });
      const r0 = await postChunk(ctx, { ...base, index: 0 }, parts[0]);
      assert.deepEqual(r0.body, { complete: false, received: 2 });
    });
    const name = `uploads/${uploadId}/report 1.csv`;
    await t.step("the last chunk answers the stored file", async () => {
      const r2 = await postChunk(ctx, { ...base, index: 2 }, parts[2]);
      assert.equal(r2.status, 200);
      assert.deepEqual(r2.body, {
        complete: true,
        name,
        size: data.byteLength,
        contentType: "text/csv",
      });
    });
    await t.step("a files row of the uploader's company; the chunks are gone", async () => {
      const [row] = await ctx.db.select().from(files).where(eq(files.name, name));
      assert.equal(row.companyId, user.companyId);
      assert.equal(row.size, data.byteLength);
      assert.equal(row.etag, await sha256Hex(data));
      const left = await ctx.db.select().from(uploadChunks)
        .where(eq(uploadChunks.uploadId, uploadId));
      assert.equal(left.length, 0);
    });
    await t.step("file/get answers the same bytes", async () => {
      const g = await ctx.call("GET", `/rest/file/get?name=${encodeURIComponent(name)}`, {
        token,
      });
      assert.equal(g.status, 200);
      assert.equal(g.res.headers.get("content-type"), "text/csv");
      assert.equal(g.res.headers.get("etag"), `"${await sha256Hex(data)}"`);
      assert.match(g.res.headers.get("content-disposition")!, /filename="report_1\.csv"/);
      assert.deepEqual(g.body, data);
    });
  },
);

dbTest("[rest/file/upload] a single chunk file, default content type", async (ctx) => {
  const { token } = await signedInUser(ctx);
  const data = new TextEncoder().encode("hello");
  const uploadId = crypto.randomUUID();
  const r = await postChunk(ctx, { token, uploadId, index: 0, chunks: 1, name: "a.txt" }, data);
  assert.deepEqual(r.body, {
    complete: true,
    name: `uploads/${uploadId}/a.txt`,
    size: 5,
    contentType: "application/octet-stream",
  });
});

dbTest("[rest/file/upload] re-sending a chunk (a retry) is idempotent", async (ctx, t) => {
  const { token } = await signedInUser(ctx);
  const data = randomBytes(2 * CHUNK + 1000);
  const parts = chunksOf(data);
  const uploadId = crypto.randomUUID();
  const base = { token, uploadId, chunks: 3 };
  await t.step("the same chunk twice counts once", async () => {
    for (let i = 0; i < 2; i++) {
      const r = await postChunk(ctx, { ...base, index: 0 }, parts[0]);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { complete: false, received: 1 });
    }
  });
  await t.step("a re-sent chunk replaces the bytes sent before", async () => {
    const garbled = await postChunk(ctx, { ...base, index: 2 }, new Uint8Array(parts[2].length));
    assert.deepEqual(garbled.body, { complete: false, received: 2 });
    const again = await postChunk(ctx, { ...base, index: 2 }, parts[2]);
    assert.deepEqual(again.body, { complete: false, received: 2 });
  });
  const done = await postChunk(ctx, { ...base, index: 1 }, parts[1]);
  assert.equal(done.body.complete, true);
  await t.step("the file has the bytes of the last attempts", async () => {
    const path = `/rest/file/get?name=${encodeURIComponent(done.body.name)}`;
    assert.deepEqual((await ctx.call("GET", path, { token })).body, data);
  });
  await t.step("the last chunk re-sent after completion answers the same file", async () => {
    const again = await postChunk(ctx, { ...base, index: 1 }, parts[1]);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, done.body);
    const left = await ctx.db.select().from(uploadChunks)
      .where(eq(uploadChunks.uploadId, uploadId));
    assert.equal(left.length, 0, "no new upload started");
  });
});

dbTest("[rest/file/upload] another user's upload answers 404", async (ctx, t) => {
  const owner = await signedInUser(ctx);
  const colleague = await signedInUser(ctx, { companyId: owner.user.companyId });
  const stranger = await signedInUser(ctx);
  const parts = chunksOf(randomBytes(CHUNK + 10));
  const uploadId = crypto.randomUUID();
  await postChunk(ctx, { token: owner.token, uploadId, index: 0, chunks: 2 }, parts[0]);
  await t.step("while in progress: another chunk, or the same chunk", async () => {
    for (const { token } of [colleague, stranger]) {
      for (const index of [1, 0]) {
        const r = await postChunk(ctx, { token, uploadId, index, chunks: 2 }, parts[index]);
        assert.equal(r.status, 404);
        assert.deepEqual(r.body, { code: 404, message: "Upload not found" });
      }
    }
    const rows = await ctx.db.select().from(uploadChunks)
      .where(eq(uploadChunks.uploadId, uploadId));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].userKey, owner.user.key);
    assert.deepEqual(new Uint8Array(rows[0].data), parts[0]);
  });
  await t.step("once complete: another company's chunk", async () => {
    const done = await postChunk(
      ctx,
      { token: owner.token, uploadId, index: 1, chunks: 2 },
      parts[1],
    );
    assert.equal(done.body.complete, true);
    const r = await postChunk(
      ctx,
      { token: stranger.token, uploadId, index: 1, chunks: 2 },
      parts[1],
    );
    assert.equal(r.status, 404);
  });
});

dbTest(
  "[rest/file/upload] the file is company-scoped: a client of another company gets 404",
  async (ctx) => {
    const owner = await signedInUser(ctx);
    const colleague = await signedInUser(ctx, { companyId: owner.user.companyId });
    const stranger = await signedInUser(ctx);
    const admin = await signedInUser(ctx, { rights: 1 });
    const data = randomBytes(1000);
    const done = await postChunk(ctx, {
      token: owner.token,
      uploadId: crypto.randomUUID(),
      index: 0,
      chunks: 1,
      name: "secret.bin",
    }, data);
    const path = `/rest/file/get?name=${encodeURIComponent(done.body.name)}`;
    assert.equal((await ctx.call("GET", path, { token: colleague.token })).status, 200);
    assert.equal((await ctx.call("GET", path, { token: admin.token })).status, 200);
    const other = await ctx.call("GET", path, { token: stranger.token });
    assert.equal(other.status, 404);
    assert.deepEqual(other.body, { code: 404, message: "File not found" });
  },
);

dbTest("[rest/file/upload] size limits answer 413 with a clear message", async (ctx, t) => {
  const { token } = await signedInUser(ctx);
  await t.step("a chunk over 256 KB", async () => {
    const uploadId = crypto.randomUUID();
    const r = await postChunk(
      ctx,
      { token, uploadId, index: 0, chunks: 2 },
      randomBytes(CHUNK + 1),
    );
    assert.equal(r.status, 413);
    assert.deepEqual(r.body, { code: 413, message: CHUNK_TOO_LARGE });
    assert.equal(
      (await ctx.db.select().from(uploadChunks).where(eq(uploadChunks.uploadId, uploadId))).length,
      0,
    );
  });
  await t.step("a body over the app's 1 MB limit", async () => {
    const r = await postChunk(
      ctx,
      { token, uploadId: crypto.randomUUID(), index: 0, chunks: 2 },
      new Uint8Array(1024 * 1024 + 1),
    );
    assert.equal(r.status, 413);
  });
  await t.step("a file of more than 10 MB (41 chunks)", async () => {
    const r = await postChunk(
      ctx,
      { token, uploadId: crypto.randomUUID(), index: 0, chunks: 41 },
      new Uint8Array(CHUNK),
    );
    assert.equal(r.status, 413);
    assert.deepEqual(r.body, { code: 413, message: UPLOAD_TOO_LARGE });
    assert.equal(UPLOAD_TOO_LARGE, "File too large: at most 10 MB");
  });
});

dbTest("[rest/file/upload] a malformed query answers 400 with the field", async (ctx) => {
  const { token } = await signedInUser(ctx);
  const uploadId = crypto.randomUUID();
  const bytes = new Uint8Array(4);
  const cases: [Partial<ChunkOpts>, string][] = [
    [{ uploadId: "not-a-uuid" }, "uploadId"],
    [{ index: "" }, "index"],
    [{ index: "-1" }, "index"],
    [{ index: "1.5" }, "index"],
    [{ index: 2, chunks: 2 }, "index"],
    [{ chunks: 0 }, "chunks"],
    [{ chunks: "x" }, "chunks"],
    [{ name: "" }, "name"],
    [{ name: "a".repeat(201) }, "name"],
    [{ name: "../etc/passwd" }, "name"],
    [{ name: "a\u0000b" }, "name"],
    [{ contentType: "not a type" }, "contentType"],
  ];
  for (const [override, field] of cases) {
    const r = await postChunk(ctx, { token, uploadId, index: 0, chunks: 1, ...override }, bytes);
    assert.equal(r.status, 400, JSON.stringify(override));
    assert.equal(r.body.code, 400);
    assert.ok(
      r.body.fields.some((f: { path: string }) => f.path === field),
      `${JSON.stringify(override)}: ${JSON.stringify(r.body.fields)}`,
    );
  }
  const missing = await ctx.app.request("http://localhost/rest/file/upload", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: bytes,
  });
  assert.equal(missing.status, 400);
  assert.equal(
    (await ctx.db.select().from(uploadChunks).where(eq(uploadChunks.uploadId, uploadId))).length,
    0,
  );
});

dbTest("[rest/file/upload] without a session answers 401", async (ctx) => {
  const r = await postChunk(
    ctx,
    { uploadId: crypto.randomUUID(), index: 0, chunks: 1 },
    new Uint8Array(4),
  );
  assert.equal(r.status, 401);
  assert.equal(r.body.code, 401);
});

dbTest("[auth/housekeeping] chunks of uploads abandoned over a day ago are pruned", async (ctx) => {
  const { user } = await signedInUser(ctx);
  const now = Date.now();
  const fresh = crypto.randomUUID();
  const stale = crypto.randomUUID();
  await ctx.db.insert(uploadChunks).values([
    {
      uploadId: fresh,
      index: 0,
      userKey: user.key,
      companyId: user.companyId,
      data: new Uint8Array(1),
    },
    {
      uploadId: stale,
      index: 0,
      userKey: user.key,
      companyId: user.companyId,
      data: new Uint8Array(1),
      createdAt: new Date(now - 25 * 3_600_000),
    },
  ]);
  const pruned = await pruneAuthState(ctx.db, 15, new Date(now));
  assert.ok(pruned.uploadChunks >= 1);
  const left = (await ctx.db.select({ id: uploadChunks.uploadId }).from(uploadChunks))
    .map((r) => r.id);
  assert.ok(left.includes(fresh));
  assert.ok(!left.includes(stale));
});

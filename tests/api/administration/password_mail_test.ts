/**
 * Set-password links by e-mail (docs/decisions/0008): with SMTP_RELAY, create and reset e-mail
 * the link to the user's mail through a real loopback SMTP server (the demo's catcher, which also
 * keeps the e-mail on disk) and the answer says so without the link; the link works and the user
 * signs in. Without a relay, or when the relay refuses, the answer carries the link.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { call, type Ctx, dbTest, signIn, testApp } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import { RESET_PAGE_PATH } from "../../../openapi/schemas/users/users.ts";
import { type Sink, startSmtpSink } from "../../../server/delivery/sinks/mod.ts";
import { mailFolder } from "../../../server/delivery/sinks/smtp.ts";

const NEW_PASSWORD = "A-new-password-42";

/** An administrator of an app with `env`, a company and a team to create users in. */
async function setup(ctx: Ctx, env: Record<string, string> = {}) {
  const app = testApp(ctx.database, env);
  const admin = await ctx.f.user({ rights: 1 });
  const { token } = await signIn(ctx, admin.id, TEST_PASSWORD);
  const team = await ctx.f.team();
  const post = (path: string, json: unknown) =>
    call(app, "POST", `/rest/users/${path}`, { token, json });
  const create = (mail: string) =>
    post("create", {
      company: team.companyId,
      team: team.id,
      id: `${unique("new")}@users.example`.toLowerCase(),
      mail,
      firstName: "Ines",
    });
  return { post, create };
}

/** The e-mail's text: quoted-printable soft breaks joined, escapes decoded. */
const textOf = (raw: Uint8Array) =>
  new TextDecoder().decode(raw).replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));

/** The set-password link in the last e-mail the sink caught for `to`. */
function mailedLink(sink: Sink, to: string): URL {
  const mail = sink.received.findLast((m) => m.meta?.to === to);
  assert.ok(mail, `an e-mail to ${to}`);
  const href = /https?:\/\/\S+\/login\/reset\?token=[\w%-]+/.exec(textOf(mail.body))?.[0];
  assert.ok(href, "the e-mail carries the link");
  return new URL(href);
}

/** Uses the link, then signs in with the new password. */
async function useLink(ctx: Ctx, link: string, username: string) {
  const token = new URL(link, "http://localhost").searchParams.get("token");
  const set = await ctx.call("POST", "/rest/users/setPassword", {
    json: { token, password: NEW_PASSWORD },
  });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  const login = await ctx.call("POST", "/rest/users/login", {
    json: { username, password: NEW_PASSWORD },
  });
  assert.equal(login.status, 200, "the user signs in with the password they set");
}

dbTest(
  "[rest/users] with SMTP_RELAY, create and reset e-mail a working set-password link",
  async (ctx) => {
    const dir = await Deno.makeTempDir();
    const sink = await startSmtpSink({ dir });
    try {
      const s = await setup(ctx, {
        SMTP_RELAY: `127.0.0.1:${sink.port}`,
        SMTP_FROM: "portal@ops.example",
      });
      const mail = `${unique("ines")}@fleet.example`.toLowerCase();
      const created = await s.create(mail);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { passwordLink } = created.body;
      assert.deepEqual({ ...passwordLink, expiresAt: undefined }, {
        resetUrl: null,
        expiresAt: undefined,
        mailed: true,
        mailedTo: mail,
        mailError: null,
      }, "mailed: the link is not in the answer");
      const link = mailedLink(sink, mail);
      assert.equal(link.origin, "http://localhost", "the request's origin");
      assert.equal(link.pathname, RESET_PAGE_PATH);
      const caught = sink.received.findLast((m) => m.meta?.to === mail)!;
      assert.match(caught.meta!.subject, /set your password/);
      assert.equal(caught.meta!.from, "portal@ops.example");
      // The demo's catcher keeps it where the start banner says, <dir>/<recipient>/*.eml, the
      // link whole (decoded) for any text editor.
      const files = [...Deno.readDirSync(join(dir, mailFolder(mail)))];
      assert.equal(files.length, 1);
      const kept = Deno.readTextFileSync(join(dir, mailFolder(mail), files[0].name));
      assert.ok(kept.split(/\r?\n/).includes(link.href), kept);
      await useLink(ctx, link.href, created.body.id);

      const reset = await s.post("resetPassword", { id: created.body.id, reason: "Forgot it" });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      assert.equal(reset.body.mailed, true);
      assert.equal(reset.body.resetUrl, null);
      const again = mailedLink(sink, mail);
      assert.notEqual(again.href, link.href, "a new link");
      assert.match(
        sink.received.findLast((m) => m.meta?.to === mail)!.meta!.subject,
        /password was reset/,
      );
      await useLink(ctx, again.href, created.body.id);
    } finally {
      await sink.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
);

dbTest(
  "[rest/users] the e-mailed link is on PUBLIC_URL when it is set",
  async (ctx) => {
    const sink = await startSmtpSink();
    try {
      const s = await setup(ctx, {
        SMTP_RELAY: `127.0.0.1:${sink.port}`,
        PUBLIC_URL: "https://portal.example.com/",
      });
      const mail = `${unique("ines")}@fleet.example`.toLowerCase();
      assert.equal((await s.create(mail)).status, 200);
      assert.equal(mailedLink(sink, mail).origin, "https://portal.example.com");
    } finally {
      await sink.close();
    }
  },
);

dbTest(
  "[rest/users] without SMTP_RELAY the answer carries the link and says no e-mail was sent",
  async (ctx) => {
    const s = await setup(ctx);
    const created = await s.create(`${unique("ines")}@fleet.example`.toLowerCase());
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const { passwordLink } = created.body;
    assert.equal(passwordLink.mailed, false);
    assert.equal(passwordLink.mailedTo, null);
    assert.equal(passwordLink.mailError, null);
    assert.match(passwordLink.resetUrl, new RegExp(`^${RESET_PAGE_PATH}\\?token=[\\w-]{43}$`));
    await useLink(ctx, passwordLink.resetUrl, created.body.id);

    const reset = await s.post("resetPassword", { id: created.body.id, reason: "Lost it" });
    assert.equal(reset.body.mailed, false);
    await useLink(ctx, reset.body.resetUrl, created.body.id);
  },
);

dbTest(
  "[rest/users] a relay that refuses the e-mail: the link is in the answer, with the failure",
  async (ctx) => {
    const sink = await startSmtpSink({ reject: 550 });
    try {
      const s = await setup(ctx, { SMTP_RELAY: `127.0.0.1:${sink.port}` });
      const mail = `${unique("ines")}@fleet.example`.toLowerCase();
      const created = await s.create(mail);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const { passwordLink } = created.body;
      assert.equal(passwordLink.mailed, false);
      assert.equal(passwordLink.mailedTo, mail);
      assert.match(passwordLink.mailError, /550/);
      await useLink(ctx, passwordLink.resetUrl, created.body.id);
    } finally {
      await sink.close();
    }
  },
);

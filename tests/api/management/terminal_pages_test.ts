/**
 * The terminal pages on the server: the tab chosen in the URL is the one rendered, with its
 * first page of rows in the HTML (10 a page) and the user's role in the island's props; a
 * client's pages hold its company's terminals only, and another company's terminal page is the
 * 404 page, as is an unknown or malformed id; a terminal of a tgid merely shared with the client's
 * company is rendered without its writes (the island's props say `mayEdit: false`).
 */
import assert from "node:assert/strict";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD, unique } from "../../fixtures/factories.ts";
import { tgidSharedByB } from "../../fixtures/companies_teams.ts";

const text = (body: unknown) => new TextDecoder().decode(body as Uint8Array);
/** The props the page handed to its island (the first one of that name): its JSON script. */
function propsOf(html: string, island: string) {
  const m = html.match(
    new RegExp(
      `<script type="application/json" data-island-props="[^"]+">([^<]*)</script><div data-island="${island}"`,
      "s",
    ),
  );
  assert.ok(m, `${island} is on the page`);
  return JSON.parse(m[1]);
}

dbTest("[terminal pages] the tab in the URL, server-rendered; a client's own only", async (ctx) => {
  const tag = unique("TP");
  const team = await ctx.f.team({ rights: 100 });
  const client = await ctx.f.user({ teamId: team.id, companyId: team.companyId });
  const tgid = await ctx.f.tgid({ teamId: team.id, label: `${tag} Own` });
  const mine = await ctx.f.terminal({ tgidId: tgid.id, label: `${tag} Mine` });
  const sea = await ctx.f.terminal({ tgidId: tgid.id, deviceTypeId: 0, label: `${tag} Sea` });
  const theirs = await ctx.f.terminal({ label: `${tag} Theirs` });
  for (let i = 0; i < 11; i++) await ctx.f.terminal({ tgidId: tgid.id, label: `${tag} Extra` });
  const { cookie } = await signIn(ctx, client.id, TEST_PASSWORD);

  const other = await ctx.call("GET", `/management/terminal?tab=other&filter.label=${tag}`, {
    cookie,
  });
  assert.equal(other.status, 200);
  const otherHtml = text(other.body);
  const props = propsOf(otherHtml, "TerminalList");
  assert.equal(props.tab, "other");
  assert.equal(props.viewer.admin, false);
  assert.ok(props.viewer.deviceTypes.some((t: { id: number }) => t.id === 40));
  assert.equal(props.initialData.rows.length, 10, "the first page: 10 rows");
  // Mine and the 11 extras; the Inmarsat C terminal is on the other tab only.
  assert.equal(props.initialData.filtered, 12);
  assert.doesNotMatch(otherHtml, new RegExp(`data-row="${sea.deviceId}"`));
  assert.match(otherHtml, new RegExp(`data-row="${mine.deviceId}"`), "rows in the HTML");
  assert.doesNotMatch(otherHtml, new RegExp(`${tag} Theirs`));
  assert.match(otherHtml, /aria-current="page"[^>]*>Other device types</);

  // The default tab: the Inmarsat C mtls.
  const c = await ctx.call("GET", `/management/terminal?filter.label=${tag}`, { cookie });
  const cProps = propsOf(text(c.body), "TerminalList");
  assert.equal(cProps.tab, "inmarsatc");
  assert.deepEqual(
    cProps.initialData.rows.map((m: { imn: string }) => m.imn),
    [sea.terminalSpecificIdentifier],
  );

  // A terminal's page; another company's, an unknown and a malformed id are the 404 page.
  const page = await ctx.call("GET", `/management/terminal/${mine.deviceId}`, { cookie });
  assert.equal(page.status, 200);
  assert.match(text(page.body), new RegExp(`<h1>Terminal ${tag} Mine</h1>`));
  for (const id of [theirs.deviceId, 2_000_000_000, "x1"]) {
    const r = await ctx.call("GET", `/management/terminal/${id}`, { cookie });
    assert.equal(r.status, 302, String(id));
    assert.equal(r.res.headers.get("location"), "/error/404");
  }
});

dbTest("[terminal pages] a terminal's page: frequency label, dates, canned slots", async (ctx) => {
  const admin = await ctx.f.user({ rights: 1 });
  const { cookie } = await signIn(ctx, admin.id, TEST_PASSWORD);
  const iri = await ctx.f.terminal({
    deviceTypeId: 4,
    trackingFrequency: 3600,
    items: [
      ["logoutTime", "INTEGER", "2026-11-01T10:00:00.000Z"],
      ["cannedMessages", "ARRAY", JSON.stringify(["Hello"])],
    ],
  });
  const r = await ctx.call("GET", `/management/terminal/${iri.deviceId}`, { cookie });
  const html = text(r.body);
  assert.match(html, /<dt>Tracking frequency<\/dt><dd>1 hour<\/dd>/);
  // logoutTime is always a date, whatever it was stored as.
  assert.match(html, /Logout time<\/td><td>DATE<\/td><td>2026-11-01 10:00:00</);
  const slots = [...html.matchAll(/<tr data-row="(\d)">/g)].map((m) => m[1]);
  assert.deepEqual(slots, ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);
  assert.equal(propsOf(html, "TerminalDetail").viewer.admin, true);
});

dbTest(
  "[terminal pages] a shared tgid's terminal page: no Edit label nor Send test message",
  async (ctx) => {
    const { a, shared } = await tgidSharedByB(ctx);
    const tag = unique("TP");
    const ours = await ctx.f.terminal({ tgidId: a.tgid.id, deviceTypeId: 0, label: `${tag} A` });
    const theirs = await ctx.f.terminal({ tgidId: shared.id, deviceTypeId: 0, label: `${tag} B` });
    const { cookie } = a;
    /** The page's action buttons as rendered on the server, and the island's `mayEdit`. */
    const page = async (deviceId: number) => {
      const r = await ctx.call("GET", `/management/terminal/${deviceId}`, { cookie });
      assert.equal(r.status, 200);
      const html = text(r.body);
      const actions = html.match(
        /<div class="admin-actions" data-terminal-actions="">(.*?)<\/div>/s,
      );
      return {
        buttons: [...(actions?.[1] ?? "").matchAll(/<button[^>]*>([^<]*)<\/button>/g)]
          .map((m) => m[1]),
        mayEdit: propsOf(html, "TerminalDetail").terminal.mayEdit,
      };
    };
    assert.deepEqual(await page(ours.deviceId), {
      buttons: ["LES station details", "Send test message", "Edit label"],
      mayEdit: true,
    });
    assert.deepEqual(await page(theirs.deviceId), {
      buttons: ["LES station details"],
      mayEdit: false,
    });
  },
);

import assert from "node:assert/strict";
import { dbTest, signIn } from "../../fixtures/app.ts";
import { TEST_PASSWORD } from "../../fixtures/factories.ts";
import { ROUTES } from "../../../routes/mod.ts";
import { mayOpen } from "../../../routes/map.ts";
import { safeNext } from "../../../server/pages/next.ts";
import { FLASH_COOKIE } from "../../../server/pages/flash.ts";
import { FRAME_END } from "../../../server/pages/document.ts";
import { ApiError } from "../../../server/errors.ts";

const STATIC_ROUTES = ROUTES.filter((r) => !r.pattern.includes(":") && !r.public);
const text = (body: unknown) => new TextDecoder().decode(body as Uint8Array);
const h1 = (html: string) => html.match(/<h1>(.*?)<\/h1>/)?.[1];
const routeOf = (pattern: string) => ROUTES.find((r) => r.pattern === pattern)!;

dbTest(
  "[pages] every route renders its heading and menu on the server, guarded",
  async (ctx, t) => {
    const admin = await ctx.f.user({ rights: 1 });
    const client = await ctx.f.user({ rights: 100 });
    const a = await signIn(ctx, admin.id, TEST_PASSWORD);
    const c = await signIn(ctx, client.id, TEST_PASSWORD);

    for (const route of STATIC_ROUTES) {
      await t.step(route.pattern, async () => {
        const r = await ctx.call("GET", route.pattern, { cookie: a.cookie });
        assert.equal(r.status, 200);
        const html = text(r.body);
        assert.equal(h1(html), route.title);
        assert.match(html, /<nav aria-label="Portal">/);
        assert.match(r.res.headers.get("content-security-policy")!, /script-src 'self'/);
        assert.equal(r.res.headers.get("cache-control"), "no-store");

        const asClient = await ctx.call("GET", route.pattern, { cookie: c.cookie });
        if (mayOpen(route, false)) {
          assert.equal(asClient.status, 200);
          // Admin-only destinations are not even in the client's HTML.
          assert.doesNotMatch(text(asClient.body), /href="\/(administration|monitoring)/);
        } else {
          assert.equal(asClient.status, 302);
          assert.equal(asClient.res.headers.get("location"), "/error/403");
        }

        const anonymous = await ctx.call("GET", `${route.pattern}?x=1`);
        assert.equal(anonymous.status, 302);
        assert.equal(
          anonymous.res.headers.get("location"),
          `/login?next=${encodeURIComponent(`${route.pattern}?x=1`)}`,
        );
      });
    }

    await t.step("unknown routes go home; a trailing slash is the same page", async () => {
      const r = await ctx.call("GET", "/no/such/page", { cookie: a.cookie });
      assert.equal(r.res.headers.get("location"), "/");
      const slash = await ctx.call("GET", "/administration/teams/", { cookie: a.cookie });
      assert.equal(h1(text(slash.body)), "Teams");
    });

    await t.step("the login page sends a signed-in user on to next (same site only)", async () => {
      const r = await ctx.call("GET", "/login?next=%2Frouting", { cookie: a.cookie });
      assert.equal(r.res.headers.get("location"), "/routing");
      const evil = await ctx.call("GET", "/login?next=%2F%2Fevil.example", { cookie: a.cookie });
      assert.equal(evil.res.headers.get("location"), "/");
    });
  },
);

Deno.test("[pages] safeNext only allows paths of this site", () => {
  for (const bad of [null, "", "https://evil.example", "//evil.example", "/\\evil.example", "x"]) {
    assert.equal(safeNext(bad), "/");
  }
  assert.equal(safeNext("/routing/traffic?filter.status=4"), "/routing/traffic?filter.status=4");
});

dbTest("[pages] a route change error goes to /error/{status} with its message", async (ctx) => {
  const admin = await ctx.f.user({ rights: 1 });
  const { cookie } = await signIn(ctx, admin.id, TEST_PASSWORD);
  const r = await ctx.call("GET", "/management/terminal/mtl/no-such-mtl", { cookie });
  assert.equal(r.status, 302);
  assert.equal(r.res.headers.get("location"), "/error/404");
  const flash = r.res.headers.get("set-cookie")!.match(new RegExp(`${FLASH_COOKIE}=([^;]+)`))![1];

  const page = await ctx.call("GET", "/error/404", {
    cookie: `${cookie}; ${FLASH_COOKIE}=${flash}`,
  });
  assert.equal(page.status, 404);
  const html = text(page.body);
  assert.match(html, /data-flash="">\[\{"kind":"error","message":"Mtl no-such-mtl not found"\}\]/);
  assert.match(page.res.headers.get("set-cookie")!, new RegExp(`${FLASH_COOKIE}=;`));
});

dbTest(
  "[pages] an administrators' page refused to a client: /error/403 saying what was refused",
  async (ctx) => {
    const client = await ctx.f.user({ rights: 100 });
    const { cookie } = await signIn(ctx, client.id, TEST_PASSWORD);
    const r = await ctx.call("GET", "/administration/companies", { cookie });
    assert.equal(r.status, 302);
    assert.equal(r.res.headers.get("location"), "/error/403");
    const flash = r.res.headers.get("set-cookie")!.match(new RegExp(`${FLASH_COOKIE}=([^;]+)`));
    assert.ok(flash, "the refusal carries a route change message");

    const page = await ctx.call("GET", "/error/403", {
      cookie: `${cookie}; ${FLASH_COOKIE}=${flash[1]}`,
    });
    assert.equal(page.status, 403);
    const html = text(page.body);
    const message =
      "Administrator permission required to open Companies (/administration/companies)";
    // A toast, and on the page itself under its heading (not only for scripts-off browsers).
    assert.ok(html.includes(`data-flash="">[{"kind":"error","message":"${message}"}]`), html);
    const below = html.slice(html.indexOf("<h1>Error 403</h1>"));
    assert.ok(
      below.includes(`<p class="flash-message error" data-flash-message="">${message}</p>`),
      below,
    );
  },
);

dbTest(
  "[pages] an error page answers with its code when that is an HTTP error status",
  async (ctx) => {
    const user = await ctx.f.user({ rights: 100 });
    const { cookie } = await signIn(ctx, user.id, TEST_PASSWORD);
    for (
      const [code, status, heading] of [
        ["500", 500, "Error 500"],
        ["503", 503, "Error 503"],
        ["400", 400, "Error 400"],
        ["403", 403, "Error 403"],
        ["404", 404, "Error 404"],
        // Codes of the list that are not HTTP statuses: the page exists.
        ["23000", 200, "Error 23000"],
        ["1001", 200, "Error 1001"],
        ["-1", 200, "Error -1"],
        // A code the list does not have, and no code at all: not found.
        ["99999", 404, "Unknown error"],
        ["418", 404, "Unknown error"],
        ["abc", 404, "Unknown error"],
      ] as const
    ) {
      const r = await ctx.call("GET", `/error/${code}`, { cookie });
      assert.equal(r.status, status, `/error/${code}`);
      assert.equal(h1(text(r.body)), heading, `/error/${code}`);
    }
  },
);

dbTest("[pages] the login form works without JavaScript, under the same rules", async (ctx) => {
  const user = await ctx.f.user({ rights: 100 });
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    ctx.app.request("http://localhost/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields),
    });

  const ok = await form({ username: user.id, password: TEST_PASSWORD, next: "/routing" });
  assert.equal(ok.status, 303);
  assert.equal(ok.headers.get("location"), "/routing");
  const session = ok.headers.getSetCookie().find((c) => c.startsWith("portal_session="))!;
  assert.match(session, /HttpOnly/);
  const page = await ctx.call("GET", "/routing", { cookie: session.split(";")[0] });
  assert.equal(page.status, 200);

  const wrong = await form({ username: user.id, password: "wrong", next: "//evil.example" });
  assert.equal(wrong.status, 303);
  assert.equal(wrong.headers.get("location"), "/login?next=%2F");
  assert.ok(wrong.headers.getSetCookie().some((c) => c.startsWith(`${FLASH_COOKIE}=`)));
  assert.ok(!wrong.headers.getSetCookie().some((c) => c.startsWith("portal_session=")));

  const empty = await form({ username: "", password: "" });
  assert.match(decodeURIComponent(empty.headers.getSetCookie()[0]), /Error empty login/);

  const forged = await form({ username: user.id, password: TEST_PASSWORD }, {
    "sec-fetch-site": "cross-site",
  });
  assert.equal(forged.status, 403);
});

dbTest("[pages] the bundle is served gzipped and cached for good", async (ctx) => {
  const admin = await ctx.f.user({ rights: 1 });
  const { cookie } = await signIn(ctx, admin.id, TEST_PASSWORD);
  const html = text((await ctx.call("GET", "/", { cookie })).body);
  const script = html.match(/<script type="module" src="([^"]+)"/)![1];
  const css = html.match(/<link rel="stylesheet" href="([^"]+)"/)![1];
  for (const url of [script, css]) {
    const r = await ctx.call("GET", url, { headers: { "accept-encoding": "gzip" } });
    assert.equal(r.status, 200);
    assert.equal(r.res.headers.get("content-encoding"), "gzip");
    assert.equal(r.res.headers.get("cache-control"), "public, max-age=31536000, immutable");
  }
  const plain = await ctx.call("GET", script);
  assert.equal(plain.res.headers.get("content-encoding"), null);
  assert.equal((await ctx.call("GET", "/assets/main-NOPE.js")).status, 404);
});

dbTest(
  "[pages] the full stylesheet follows the header and the page's head on a page with one, is in the head otherwise",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const { cookie } = await signIn(ctx, admin.id, TEST_PASSWORD);
    const sheet = /<link rel="stylesheet" href="\/assets\/app-\w+\.css">/;
    // A streamed page (its frame sent first) and one rendered whole.
    for (const path of ["/administration/users", "/administration/companies/1", "/account"]) {
      const html = text((await ctx.call("GET", path, { cookie })).body);
      const head = html.slice(0, html.indexOf("</head>"));
      assert.match(head, /<style>@layer frame/, path);
      assert.doesNotMatch(head, sheet, path);
      // Rendering waits for the element after the frame: it is never painted half parsed.
      assert.match(
        head,
        new RegExp(`<link rel="expect" href="#${FRAME_END}" blocking="render">`),
        path,
      );
      assert.match(html, /<header id="site-header"/, path);
      const sheetAfter = sheet.source.replace('">', `" id="${FRAME_END}">`);
      // After the header, the breadcrumbs and the heading: those paint from the frame's sheet.
      assert.match(
        html,
        new RegExp(`</header><main[^>]*>.*</h1>.*</hgroup></div>${sheetAfter}`),
        path,
      );
      assert.equal(html.match(new RegExp(sheet.source.slice(0, -2), "g"))?.length, 1, path);
    }
    const login = text((await ctx.call("GET", "/login")).body);
    assert.match(login.slice(0, login.indexOf("</head>")), sheet);
    assert.doesNotMatch(login, /<style>|rel="expect"/);
  },
);

dbTest(
  "[pages] a loader failure: /error/500 for a page that waits for its data, in place for a streamed one, never a redirect loop",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const { cookie } = await signIn(ctx, admin.id, TEST_PASSWORD);
    const company = await ctx.f.company("Loaded Later");
    const errorPage = routeOf("/error/:code");
    const newsPage = routeOf("/information/news");
    const companyPage = routeOf("/administration/companies/:id");
    const pushPage = routeOf("/routing/traffic/push");
    const saved = [errorPage, newsPage, companyPage, pushPage].map((r) => ({ ...r }));
    const broken = () => Promise.reject(new Error("database unreachable"));
    const quiet = console.error;
    console.error = () => {};
    try {
      // Nothing is sent before these have run: a redirect to the error page, with a toast.
      newsPage.load = broken;
      const n = await ctx.call("GET", "/information/news", { cookie });
      assert.equal(n.res.headers.get("location"), "/error/500");
      companyPage.heading = broken;
      const c = await ctx.call("GET", `/administration/companies/${company.id}`, { cookie });
      assert.equal(c.res.headers.get("location"), "/error/500");
      companyPage.heading = saved[2].heading;

      // The frame (status line included) went out before the loader failed: the failure is an
      // alert where the content would be, under the page's heading, saying nothing of the cause.
      for (
        const [page, path, heading] of [
          [pushPage, "/routing/traffic/push", "Push traffic"],
          [companyPage, `/administration/companies/${company.id}`, "Loaded Later"],
        ] as const
      ) {
        page.load = broken;
        const s = await ctx.call("GET", path, { cookie });
        assert.equal(s.status, 200, path);
        const streamed = text(s.body);
        assert.equal(h1(streamed), heading);
        assert.match(streamed, /<div role="alert" class="page-error"><p>Unknown server error<\/p>/);
        assert.doesNotMatch(streamed, /database unreachable/);
        assert.match(streamed, /<\/html>$/);
      }
      // A known failure says what it is.
      pushPage.load = () => Promise.reject(new ApiError(400, "Start is after end"));
      const known = text((await ctx.call("GET", "/routing/traffic/push", { cookie })).body);
      assert.match(known, /<div role="alert" class="page-error"><p>Start is after end<\/p>/);

      errorPage.load = broken;
      const e = await ctx.call("GET", "/error/500", { cookie });
      assert.equal(e.status, 500);
      assert.match(text(e.body), /Unknown server error/);
      assert.doesNotMatch(text(e.body), /database unreachable/);
    } finally {
      for (const [i, page] of [errorPage, newsPage, companyPage, pushPage].entries()) {
        Object.assign(page, saved[i]);
      }
      console.error = quiet;
    }
  },
);

dbTest(
  "[pages] a list page and a detail page send their frame before their loader has finished",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const { cookie } = await signIn(ctx, admin.id, TEST_PASSWORD);
    const company = await ctx.f.company("Streamed Co");
    for (
      const [pattern, path, heading, island] of [
        ["/routing/traffic/push", "/routing/traffic/push", "Push traffic", "PushTrafficList"],
        [
          "/administration/companies/:id",
          `/administration/companies/${company.id}`,
          "Streamed Co",
          "CompanyDetail",
        ],
      ]
    ) {
      const page = routeOf(pattern);
      const load = page.load!;
      let release = () => {};
      let loaderStarted = false;
      page.load = async (c) => {
        loaderStarted = true;
        // Held until the frame has been read; let go after 2 s, so that a page sent whole fails
        // the assertions below instead of hanging the test.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2000);
          release = () => (clearTimeout(timer), resolve());
        });
        return await load(c);
      };
      try {
        for (const encoding of ["gzip", "identity"]) {
          const res = await ctx.app.request(`http://localhost${path}`, {
            headers: { cookie, "accept-encoding": encoding },
          });
          assert.equal(res.status, 200);
          assert.equal(res.headers.get("content-encoding"), encoding === "gzip" ? "gzip" : null);
          assert.equal(res.headers.get("vary"), "Cookie, Accept-Encoding");
          assert.equal(res.headers.get("cache-control"), "no-store");
          const body = encoding === "gzip"
            ? res.body!.pipeThrough(new DecompressionStream("gzip"))
            : res.body!;
          const reader = body.pipeThrough(new TextDecoderStream()).getReader();
          // Everything up to the content, while the loader still waits.
          let frame = "";
          while (!frame.includes("</hgroup></div>")) {
            const { value, done } = await reader.read();
            assert.ok(!done, "the response ended before the frame was complete");
            frame += value;
          }
          assert.equal(h1(frame), heading);
          assert.match(frame, /<nav aria-label="Portal">/);
          assert.doesNotMatch(frame, /<\/html>/);
          // The loader is called once the frame has left (on a later turn).
          while (!loaderStarted) await new Promise((next) => setTimeout(next, 1));
          release();
          let rest = "";
          for (let r = await reader.read(); !r.done; r = await reader.read()) rest += r.value;
          assert.match(rest, new RegExp(`data-island="${island}"`));
          assert.match(rest, /<\/html>$/);
          loaderStarted = false;
        }
      } finally {
        page.load = load;
      }
    }
  },
);

dbTest(
  "[pages] a detail page's heading is found before its data; a missing row is a 404 before anything is sent",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const { cookie } = await signIn(ctx, admin.id, TEST_PASSWORD);
    const team = await ctx.f.team({ name: "Night Shift" });
    const tgid = await ctx.f.tgid({ teamId: team.id, label: "Fleet North" });
    const dnid = await ctx.f.dnid({ companyId: team.companyId, tgidId: tgid.id });
    // Each detail page: found (its heading, also the title), unknown (a toast, then /error/404).
    const pages = [
      [`/administration/teams/${team.id}`, "Night Shift", "/administration/teams/999999"],
      [`/management/tgid/${tgid.id}`, "Tgid Fleet North", "/management/tgid/999999"],
      [
        `/management/dnids/${dnid.id}`,
        `Dnid ${dnid.id} (LES 21)`,
        `/management/dnids/${dnid.id}/2`,
      ],
    ];
    for (const [found, heading, unknown] of pages) {
      const html = text((await ctx.call("GET", found, { cookie })).body);
      assert.equal(h1(html), heading, found);
      assert.ok(html.includes(`<title>${heading} · `), found);
      const missing = await ctx.call("GET", unknown, { cookie });
      assert.equal(missing.res.headers.get("location"), "/error/404", unknown);
    }
    // Another company's rows are missing to a client, as on the API.
    const client = await ctx.f.user({ rights: 100 });
    const other = await signIn(ctx, client.id, TEST_PASSWORD);
    for (const [found] of pages.slice(2)) {
      const r = await ctx.call("GET", found, { cookie: other.cookie });
      assert.equal(r.res.headers.get("location"), "/error/404", found);
    }
  },
);

dbTest(
  "[pages] a statistics page shows a refused range's message over the default",
  async (ctx) => {
    const admin = await ctx.f.user({ rights: 1 });
    const { cookie } = await signIn(ctx, admin.id, TEST_PASSWORD);
    for (
      const [query, message] of [
        ["start=x&end=2020-01-01", "Start is not in a valid format"],
        ["start=2020-01-01T24:00:00Z&end=2020-01-03", "Start is not in a valid format"],
        ["start=2020-01-01&end=2020-01-01T25:00:00Z", "End is not in a valid format"],
      ]
    ) {
      const r = await ctx.call("GET", `/routing/statistics/push?${query}`, { cookie });
      assert.equal(r.status, 200, query);
      assert.match(text(r.body), new RegExp(`data-range-error="">${message}<`), query);
    }
  },
);

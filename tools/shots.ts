/**
 * `deno task shots`: a picture of every screen of the portal — each page of the route map, every
 * dialog its toolbar and row menus open, each row menu — at 1280×800 and 390×844, as an
 * administrator and as a client (and the login pages signed out), on the demo data; and an index
 * page to leaf through them side by side. The walk is the layout check's (tests/e2e/screens/).
 *
 *   ./deno task shots                      # into shots/ (open shots/index.html)
 *   ./deno task shots --only '^/routing'   # the paths matching a regular expression
 *   ./deno task shots --out /tmp/shots
 *
 * It starts its own portal (`main.ts`) on a free loopback port with a scratch embedded database,
 * so the demo data is fresh and nothing of ./data is touched.
 */
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { launchChromium, submitLogin } from "../tests/e2e/harness.ts";
import { type Screen, walkPublicPages, walkScreens } from "../tests/e2e/screens/walk.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { only: { type: "string" }, out: { type: "string", default: "shots" } },
});
const out = values.out!.replace(/\/$/, "");
const only = values.only ? new RegExp(values.only) : undefined;

const ACCOUNTS = [
  { role: "administrator", id: "admin@demo.test" },
  { role: "client", id: "client@demo.test" },
];
const DEMO_PASSWORD = "demo-portal-2026";

/** Starts the portal on a free port with a scratch data dir; answers its URL and a stop. */
async function startPortal() {
  const dataDir = await Deno.makeTempDir({ prefix: "portal-shots-" });
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "main.ts"],
    cwd: new URL("../", import.meta.url),
    env: { DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", DEMO_PASSWORD, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the portal stopped before it was ready:\n${text}`);
    text += value;
    const url = text.match(/Portal ready .* on (http:\/\/\S+?)\/? /)?.[1];
    if (url) {
      // Keep reading so the child never blocks on a full pipe.
      (async () => {
        while (!(await reader.read()).done);
      })().catch(() => {});
      return {
        url,
        async stop() {
          try {
            child.kill("SIGTERM");
          } catch {
            // It has stopped already.
          }
          await child.status;
          await Deno.remove(dataDir, { recursive: true }).catch(() => {});
        },
      };
    }
  }
}

interface Shot {
  who: string;
  screen: Screen;
  file: string;
}

const slug = (s: string) =>
  s.replace(/^\//, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "home";

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The index page: a row per screen, its desktop and phone pictures side by side. */
function indexPage(shots: Shot[]): string {
  const rows = new Map<string, Shot[]>();
  for (const s of shots) {
    const key = `${s.who} · ${s.screen.path}${s.screen.opener ? ` · ${s.screen.opener}` : ""}`;
    rows.set(key, [...rows.get(key) ?? [], s]);
  }
  const sections = [...rows.entries()].map(([key, list]) => `
  <section id="${escape(slug(key))}">
    <h2><a href="#${escape(slug(key))}">${escape(key)}</a> <small>${
    list[0].screen.kind
  }</small></h2>
    <div class="pair">${
    list.map((s) =>
      `<a href="${escape(s.file)}"><img loading="lazy" src="${escape(s.file)}" alt="${
        escape(`${key} at ${s.screen.width.width} px`)
      }" width="${s.screen.width.width === 390 ? 195 : 640}"></a>`
    ).join("")
  }</div>
  </section>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portal screens</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1rem 2rem; }
h2 { font-size: 1rem; margin: 2rem 0 .5rem; } h2 small { color: #666; font-weight: normal; }
.pair { display: flex; gap: 1rem; align-items: flex-start; }
img { border: 1px solid #ccc; height: auto; }
</style></head><body>
<h1>Portal screens</h1>
<p>${shots.length} pictures of ${rows.size} screens, at 1280×800 and 390×844, taken ${
    new Date().toISOString().slice(0, 16).replace("T", " ")
  } UTC on the demo data. Click a picture for full size.</p>
${sections}
</body></html>
`;
}

async function shoot(page: Page, who: string, screen: Screen, shots: Shot[]) {
  const name = `${slug(who)}/${slug(screen.path)}${
    screen.opener ? `--${slug(screen.opener)}` : ""
  }-${screen.width.width}.png`;
  // A page down to three screens' height (a long list's first rows are what a reviewer needs);
  // a dialog or a menu as the screen shows it.
  const fullPage = screen.kind === "page";
  const height = fullPage
    ? Math.min(
      await page.evaluate(() => document.documentElement.scrollHeight),
      screen.width.height * 3,
    )
    : screen.width.height;
  await page.screenshot({
    path: `${out}/${name}`,
    fullPage,
    clip: { x: 0, y: 0, width: screen.width.width, height },
  });
  shots.push({ who, screen, file: name });
}

const portal = await startPortal();
const browser = await launchChromium();
const shots: Shot[] = [];
try {
  await Deno.mkdir(out, { recursive: true });
  const context = await browser.newContext({ baseURL: portal.url });
  const page = await context.newPage();
  if (!only || only.test("/login")) {
    await walkPublicPages(page, (p, screen) => shoot(p, "signed out", screen, shots));
  }
  await context.close();
  for (const account of ACCOUNTS) {
    const context = await browser.newContext({ baseURL: portal.url });
    const page = await context.newPage();
    await page.goto("/login");
    await submitLogin(page, account.id, DEMO_PASSWORD);
    await page.waitForURL((u) => u.pathname === "/");
    const walk = await walkScreens(
      page,
      (p, screen) => shoot(p, `as ${account.role}`, screen, shots),
      { only },
    );
    for (const problem of walk.problems) console.error(`${account.id}: ${problem}`);
    await context.close();
    console.log(`${account.id}: ${shots.length} pictures so far`);
  }
  await Deno.writeTextFile(`${out}/index.html`, indexPage(shots));
  console.log(`${shots.length} pictures; open ${out}/index.html`);
} finally {
  await browser.close();
  await portal.stop();
}

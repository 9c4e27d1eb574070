import assert from "node:assert/strict";
import { hrefOf, RouteMap } from "../../routes/map.ts";
import { ROUTE_MAP } from "../../routes/mod.ts";
import type { AnyPageRoute } from "../../routes/types.ts";

const page = (pattern: string, parent: string, extra: Partial<AnyPageRoute> = {}) => ({
  pattern,
  title: pattern,
  summary: "",
  parent,
  ...extra,
});

Deno.test("[route map] a page whose parameters are all optional is listed, linked bare", () => {
  const map = new RouteMap([
    page("/c", "/"),
    page("/c/poll/:init?", "/c"),
    page("/c/list/:id/:group?", "/c"),
    page("/c/egc", "/c"),
    page("/c/admin", "/c", { admin: true }),
  ], ["/c"]);
  assert.deepEqual(map.childrenOf("/c", false).map(hrefOf), ["/c/egc", "/c/poll"]);
  assert.deepEqual(map.childrenOf("/c", true).map(hrefOf), ["/c/admin", "/c/egc", "/c/poll"]);
  assert.equal(map.match("/c/poll")?.route.pattern, "/c/poll/:init?");
  assert.equal(hrefOf(page("/", "")), "/");
});

Deno.test("[route map] the Commands menu and index list the poll page", () => {
  const commands = ROUTE_MAP.childrenOf("/commands", false).map(hrefOf);
  assert.ok(commands.includes("/commands/poll"), commands.join(", "));
  for (const href of commands) assert.ok(!href.includes(":"), href);
});

import assert from "node:assert/strict";
import { dbTest } from "../../fixtures/app.ts";

const COOP = "cross-origin-opener-policy";

dbTest(
  "[pages] COOP same-origin on navigations another site started, not on the user's own",
  async (ctx, t) => {
    const coop = async (site?: string) =>
      (await ctx.call("GET", "/login", {
        headers: site === undefined ? {} : { "sec-fetch-site": site },
      })).res.headers.get(COOP);
    for (const site of ["cross-site", "same-site"]) {
      await t.step(`Sec-Fetch-Site: ${site} → same-origin`, async () => {
        assert.equal(await coop(site), "same-origin");
      });
    }
    await t.step("no Sec-Fetch-Site (a browser that does not say) → same-origin", async () => {
      assert.equal(await coop(), "same-origin");
    });
    for (const site of ["none", "same-origin"]) {
      await t.step(`Sec-Fetch-Site: ${site} → no COOP (no opener to cut)`, async () => {
        assert.equal(await coop(site), null);
      });
    }
  },
);

/**
 * Counts that stop at COUNT_CAP: a list with more rows says "10,000+" (server-rendered, then
 * live), and its pager ends at the last page within the first 10,000 rows.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { e2eSuite, hydrated } from "../harness.ts";
import { COUNT_CAP } from "../../../openapi/enums.ts";

e2eSuite("[e2e/counts]", async (t, e) => {
  const { page, context } = await e.signedIn(1);
  try {
    const tgid = await e.f.tgid();
    await e.database.db.execute(sql`insert into push_traffic
      (tgid_id, dnid, les, les_c_stored_time, status, delivery_type, protocol)
      select ${tgid.id}, 1, 21, now() - make_interval(secs => i), case when i <= 3 then 2 else 1 end,
        0, 0
      from generate_series(1, ${COUNT_CAP + 1}) as i`);
    const caption = page.locator('[data-table="push-traffic"] caption');

    await t.step("[e2e/counts] more than 10,000 rows: 'of 10,000+'", async () => {
      await page.goto(`/routing/traffic/push?filter.tgid=${tgid.id}`);
      assert.match(await caption.innerText(), /rows 1–10 of 10,000\+/);
      await hydrated(page);
      assert.match(await caption.innerText(), /rows 1–10 of 10,000\+/);
    });
    await t.step("[e2e/counts] a narrow filter counts exactly", async () => {
      await page.goto(`/routing/traffic/push?filter.tgid=${tgid.id}&filter.status=2`);
      await hydrated(page);
      assert.match(await caption.innerText(), /rows 1–3 of 3 \(filtered from 10,000\+\)/);
    });
  } finally {
    await context.close();
  }
});

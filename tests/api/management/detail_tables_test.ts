/**
 * The sub-tables of detail pages are read-only lists: no selection checkboxes, and the filters
 * and the pager only once there is more than one page (five rows) to show.
 */
import assert from "node:assert/strict";
import { dbTest } from "../../fixtures/app.ts";
import { admin, html } from "../../fixtures/companies_teams.ts";
import { SUB_TABLE_PAGE_SIZE } from "../../../openapi/enums.ts";

/** The HTML of the detail section whose heading id is `${id}-title`. */
const section = (page: string, id: string) =>
  page.match(new RegExp(`<section[^>]*aria-labelledby="${id}-title"[\\s\\S]*?</section>`))?.[0] ??
    assert.fail(`no section ${id}`);

dbTest("[pages] detail sub-tables: no checkboxes; filters and pager past one page", async (ctx) => {
  const { cookie } = await admin(ctx);
  const company = await ctx.f.company();
  await ctx.f.team({ companyId: company.id });
  const big = await ctx.f.team({ companyId: company.id });
  for (let i = 0; i <= SUB_TABLE_PAGE_SIZE; i++) {
    await ctx.f.user({ teamId: big.id, companyId: company.id });
  }
  const page = html(
    (await ctx.call("GET", `/administration/companies/${company.id}`, { cookie })).body,
  );

  const teams = section(page, "company-teams"); // 2 rows: one page
  assert.match(teams, /<table/);
  assert.doesNotMatch(teams, /type="checkbox"/);
  assert.doesNotMatch(teams, /Rows per page/);
  assert.doesNotMatch(teams, /type="search"/);

  const users = section(page, "company-users"); // 6 rows: two pages
  assert.doesNotMatch(users, /type="checkbox"/);
  assert.match(users, /Rows per page/);
  assert.match(users, /type="search"/);
});

/**
 * Two people editing one team list at once in the browser (the tgid and enid "Manage teams"
 * dialogs): both open the dialog on the same list, A adds a team and saves, then B, whose dialog
 * still shows the list from before A's save, takes another team off and saves.
 */
import type { Locator, Page } from "playwright-core";
import { pick, toast } from "../page_helpers.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";

export async function editTeamsTogether(
  pages: { a: Page; b: Page },
  dialog: {
    /** Opens the dialog on `page`; the dialog. */
    open: (page: Page) => Promise<Locator>;
    /** The path of the call with which the dialog reads the list as it opens. */
    reads: string;
  },
  teams: { add: string; remove: string },
) {
  /** The dialog on `page`, once it shows the list it read on opening. */
  const opened = async (page: Page) => {
    const read = page.waitForResponse((r) => new URL(r.url()).pathname === dialog.reads);
    const shown = await dialog.open(page);
    await read;
    await shown.getByRole("button", { name: `Remove ${teams.remove}` }).waitFor();
    return shown;
  };
  const a = await opened(pages.a), b = await opened(pages.b);

  await pick(a, "Teams", teams.add, teams.add);
  await a.getByRole("button", { name: "Save" }).click();
  await toast(pages.a, "success", ADMIN_MESSAGES.teamListUpdated).waitFor();
  await a.waitFor({ state: "hidden" });

  await b.getByRole("button", { name: `Remove ${teams.remove}` }).click();
  await b.getByRole("button", { name: "Save" }).click();
  await toast(pages.b, "success", ADMIN_MESSAGES.teamListUpdated).waitFor();
  await b.waitFor({ state: "hidden" });
}

/**
 * What the administration suites do alike on the user and team dialogs and the user page: choose
 * a company, add and delete an e-mail alias, read a reset's set-password link, set the new
 * password through it and sign in.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { eventually, submitLogin } from "../harness.ts";
import { openDialog, toast } from "../page_helpers.ts";
import { USER_MESSAGES } from "../../../openapi/schemas/users/user_messages.ts";

/** Chooses a company in a dialog's combobox (and its team, when it has several). */
export async function chooseCompany(dialog: Locator, company: string, team?: string) {
  await dialog.getByRole("combobox", { name: "Company" }).fill(company);
  await dialog.getByRole("option", { name: company }).click();
  if (team) await dialog.getByRole("combobox", { name: "Team" }).selectOption({ label: team });
}

/** Waits until the dialog's company combobox shows `company` (preset by the page it opened on). */
export const companyPreset = (dialog: Locator, company: string) =>
  eventually(async () =>
    assert.equal(await dialog.getByRole("combobox", { name: "Company" }).inputValue(), company)
  );

/** On a user's page: adds the e-mail alias and answers its item in the list, once shown. */
export async function addAlias(page: Page, alias: string): Promise<Locator> {
  const dialog = await openDialog(page, "Add email alias");
  await dialog.getByRole("textbox", { name: /^E-mail alias/ }).fill(alias);
  await dialog.getByRole("button", { name: "Add" }).click();
  const item = page.locator(`[data-alias="${alias}"]`);
  await item.waitFor();
  return item;
}

/** On a user's page: asks to delete the alias of `item` and confirms. */
export async function confirmAliasDelete(page: Page, item: Locator, alias: string) {
  await item.getByRole("button", { name: `Delete alias ${alias}` }).click();
  await page.getByRole("dialog", { name: "Delete email alias" })
    .getByRole("button", { name: "Delete" }).click();
}

/** On a user's page: deletes the alias of `item`, and waits until it is gone and said so. */
export async function deleteAlias(page: Page, item: Locator, alias: string) {
  await confirmAliasDelete(page, item, alias);
  await item.waitFor({ state: "detached" });
  await toast(page, "success", `Alias ${alias} deleted`).waitFor();
}

/** In the Reset password dialog, its reason filled: resets and answers the set-password link. */
export async function resetLink(dialog: Locator): Promise<string> {
  await dialog.getByRole("button", { name: "Reset password" }).click();
  const linkBox = dialog.getByRole("textbox", { name: "Set-password link" });
  await linkBox.waitFor();
  const link = await linkBox.inputValue();
  assert.match(link, /\/login\/reset\?token=[\w-]{43}$/);
  return link;
}

/**
 * On the set-password page, the new password typed: confirms it, sets it, and signs in with it
 * as `login` (on the home page after).
 */
export async function confirmPasswordAndSignIn(user: Page, login: string, password: string) {
  await user.getByLabel(/^Confirm the new password/).fill(password);
  await user.getByRole("button", { name: "Set password" }).click();
  await user.waitForURL((u) => u.pathname === "/login");
  await toast(user, "success", USER_MESSAGES.passwordSet).waitFor();
  await submitLogin(user, login, password);
  await user.waitForURL((u) => u.pathname === "/");
}

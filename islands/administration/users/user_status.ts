/**
 * Deactivate or Activate a user after a confirmation: the list's context menu and the user page
 * use it without loading the dialogs' code.
 */
import { confirm } from "../../runtime/confirm.ts";
import { messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { changeStatus, type User } from "./user_api.ts";

/** Who an action is for: a row of the list or the page's user. */
export interface UserRef {
  id: string;
  active: boolean;
  company: { id: number };
  team: { id: number };
}

/** Deactivate or Activate (by the user's status), after a confirmation. */
export async function toggleStatus(user: UserRef): Promise<User | null> {
  const active = !user.active;
  const ok = await confirm({
    title: active ? "Activate user" : "Deactivate user",
    message: active
      ? `Activate ${user.id}? They can sign in again.`
      : `Deactivate ${user.id}? They cannot sign in any more, and their sessions end now.`,
    confirmLabel: active ? "Activate" : "Deactivate",
    danger: !active,
  });
  if (!ok) return null;
  try {
    const saved = await changeStatus(user.id, active);
    toast("success", `User ${saved.id} ${active ? "activated" : "deactivated"}`);
    return saved;
  } catch (e) {
    toast("error", messageOf(e));
    return null;
  }
}

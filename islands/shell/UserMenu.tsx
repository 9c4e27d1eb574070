/** The signed-in user, with sign-out behind a confirmation dialog. */
import { confirm } from "../runtime/confirm.ts";
import { messageOf, postJson } from "../runtime/fetch_json.ts";
import { toast } from "../runtime/toasts.ts";

interface UserMenuProps {
  name: string;
  id: string;
  company: string;
  team: string;
}

export default function UserMenu({ name, id, company, team }: UserMenuProps) {
  async function logout() {
    const ok = await confirm({
      title: "Sign out",
      message: "Do you want to sign out of the portal?",
      confirmLabel: "Sign out",
    });
    if (!ok) return;
    try {
      await postJson("/rest/users/logout");
      location.assign("/login");
    } catch (e) {
      toast("error", messageOf(e));
    }
  }
  return (
    <details className="dropdown">
      <summary aria-label={`Account: ${name}`}>{name}</summary>
      <ul dir="rtl">
        <li dir="ltr">
          <small className="muted">{id}</small>
        </li>
        <li dir="ltr">
          <small className="muted">{company} · {team}</small>
        </li>
        <li dir="ltr">
          <a href="/account" data-account-link="">Your account</a>
        </li>
        <li dir="ltr">
          <a href="/information">Help</a>
        </li>
        <li dir="ltr">
          <button type="button" className="secondary" onClick={logout} data-logout="">
            Sign out
          </button>
        </li>
      </ul>
    </details>
  );
}

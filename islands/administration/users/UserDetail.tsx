/**
 * A user's page (administrators): every field, the e-mail aliases with "Add email alias" and a
 * delete per alias, and the actions Edit, Deactivate / Activate, Change user id (the page's URL
 * follows the new id), Reset password (the one-time link) and Change team. A user without a
 * password gets a notice suggesting Reset password.
 */
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { messageOf } from "../../runtime/api.ts";
import { toast } from "../../runtime/toasts.ts";
import { confirm } from "../../runtime/confirm.ts";
import { navigate } from "../../runtime/navigate.ts";
import { ADMIN_MESSAGES } from "../../../openapi/schemas/messages.ts";
import { USER_MESSAGES } from "../../../openapi/schemas/users/user_messages.ts";
import { RIGHTS } from "../../../openapi/enums.ts";
import { deleteAlias, fullName, getUser, type User, userHref } from "./user_api.ts";
import { toggleStatus } from "./user_status.ts";
import { useMounted } from "../../kit/lazy.ts";
import { yesNo } from "../../kit/format.ts";
import { historyChanged } from "../audit/history_events.ts";

// The dialogs' code loads when one is first opened, not with the page.
const EditUserDialog = lazy(() =>
  import("./user_form.tsx").then((m) => ({ default: m.EditUserDialog }))
);
const actions = () => import("./user_actions.tsx");
const ChangeIdDialog = lazy(() => actions().then((m) => ({ default: m.ChangeIdDialog })));
const AddAliasDialog = lazy(() => actions().then((m) => ({ default: m.AddAliasDialog })));
const ChangeTeamDialog = lazy(() => actions().then((m) => ({ default: m.ChangeTeamDialog })));
const ResetPasswordDialog = lazy(() => actions().then((m) => ({ default: m.ResetPasswordDialog })));

interface UserDetailProps {
  user: User;
  /** The user's key: their History section (another island) is told when they change. */
  userKey: number;
}

type Open = "edit" | "changeId" | "reset" | "alias" | "team" | null;

const orDash = (v: string | number | null) => v === null || v === "" ? "—" : String(v);

export default function UserDetail(props: UserDetailProps) {
  const [user, setUser] = useState(props.user);
  const [open, setOpen] = useState<Open>(null);
  // An edit kept in state (no reload): the History section fetches the user's entries again.
  const shown = useRef(props.user);
  useEffect(() => {
    if (user !== shown.current) historyChanged({ rowTable: "users", rowId: String(props.userKey) });
    shown.current = user;
  }, [user]);
  const close = () => setOpen(null);
  const mounted = useMounted({
    edit: open === "edit",
    changeId: open === "changeId",
    alias: open === "alias",
    team: open === "team",
    reset: open === "reset",
  });
  /** The page's heading shows the name and id: load the page again when they change. */
  const saved = (next: User) => {
    if (next.id !== user.id) return void navigate(userHref(next.id), { replace: true });
    if (fullName(next) !== fullName(user)) return void navigate(location.href, { replace: true });
    setUser(next);
  };
  const refresh = async () => {
    try {
      setUser(await getUser(user.id));
    } catch (e) {
      toast("error", messageOf(e));
    }
  };

  async function removeAlias(alias: string) {
    const ok = await confirm({
      title: "Delete email alias",
      message: `Delete the alias ${alias}? ${user.id} can no longer sign in with it.`,
      confirmLabel: "Delete",
      danger: true,
    });
    if (!ok) return;
    try {
      setUser(await deleteAlias(user.id, alias));
      toast("success", `Alias ${alias} deleted`);
    } catch (e) {
      toast("error", `${ADMIN_MESSAGES.aliasDeleteError}: ${messageOf(e)}`);
    }
  }

  const rows: [string, string][] = [
    ["User id", user.id],
    ["Name", fullName(user) || "—"],
    ["Mail", user.mail],
    ["Status", user.active ? "Active" : "Inactive"],
    ["Company", user.company.name],
    [
      "Team",
      `${user.team.name} (${RIGHTS[user.team.rights as keyof typeof RIGHTS] ?? user.team.rights})`,
    ],
    ["Web access", yesNo(user.webAccess)],
    ["Web services access", yesNo(user.wsAccess)],
    ["FTP access", yesNo(user.ftpAccess)],
    ["Download dnid", yesNo(user.downloadDnid)],
    ["Messaging C access", yesNo(user.messagingCAccess)],
    ["Messaging C rul", orDash(user.messagingCRul)],
    ["Telnet access", yesNo(user.telnetAccess)],
    ["Telnet address", orDash(user.telnetAddress)],
    ["SMTP access", yesNo(user.smtpAccess)],
    ["PGP id", orDash(user.gpgId)],
    ["PGP key", user.gpgContent ? "Set" : "—"],
    ["Maximum e-mails per hour", String(user.quota)],
    ["Customer care case", orDash(user.subject)],
    ["Password", user.hasPassword ? "Set" : "Not set"],
  ];

  return (
    <div data-user-detail={user.id}>
      {!user.hasPassword && (
        <p className="notice" role="status" data-no-password="">
          <strong>No password.</strong> {USER_MESSAGES.noPassword}
        </p>
      )}
      <div className="admin-actions" role="group" aria-label="User actions">
        <button type="button" onClick={() => setOpen("edit")}>Edit</button>
        <button
          type="button"
          className={user.active ? "secondary" : undefined}
          onClick={async () => {
            const next = await toggleStatus(user);
            if (next) setUser(next);
          }}
        >
          {user.active ? "Deactivate" : "Activate"}
        </button>
        <button type="button" className="secondary" onClick={() => setOpen("changeId")}>
          Change user id
        </button>
        <button type="button" className="secondary" onClick={() => setOpen("reset")}>
          Reset password
        </button>
        <button type="button" className="secondary" onClick={() => setOpen("team")}>
          Change team
        </button>
      </div>

      <table className="user-fields">
        <caption className="visually-hidden">The user's settings</caption>
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <section aria-labelledby="aliases-heading" data-aliases="">
        <h2 id="aliases-heading">E-mail aliases</h2>
        <p className="muted">The user may also sign in with these addresses.</p>
        {user.mailLogin.length === 0 ? <p className="muted">No aliases.</p> : (
          <ul>
            {user.mailLogin.map((a) => (
              <li key={a.mail} data-alias={a.mail}>
                {a.mail}{" "}
                <button
                  type="button"
                  className="secondary outline"
                  aria-label={`Delete alias ${a.mail}`}
                  onClick={() => removeAlias(a.mail)}
                >
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" className="secondary" onClick={() => setOpen("alias")}>
          Add email alias
        </button>
      </section>

      <Suspense fallback={null}>
        {mounted.edit && (
          <EditUserDialog user={open === "edit" ? user : null} onClose={close} onSaved={saved} />
        )}
        {mounted.changeId && (
          <ChangeIdDialog user={open === "changeId" ? user : null} onClose={close} onDone={saved} />
        )}
        {mounted.alias && (
          <AddAliasDialog user={open === "alias" ? user : null} onClose={close} onDone={setUser} />
        )}
        {mounted.team && (
          <ChangeTeamDialog user={open === "team" ? user : null} onClose={close} onDone={setUser} />
        )}
        {mounted.reset && (
          <ResetPasswordDialog
            user={open === "reset" ? user : null}
            onClose={close}
            onDone={refresh}
          />
        )}
      </Suspense>
    </div>
  );
}

/**
 * Your account (/account, every signed-in user, from the user menu): who you are, your company,
 * team and role, and changing your password (which ends your other sessions).
 */
import type { PageRoute } from "../types.ts";
import { Island } from "../../server/pages/island.tsx";
import ChangePasswordForm from "../../islands/account/ChangePasswordForm.tsx";
import { ACCOUNT_PAGE_PATH } from "../../openapi/schemas/users/account_messages.ts";
import { RIGHTS } from "../../openapi/enums.ts";

/** The role a rights number names (another number shows as itself). */
const roleOf = (rights: number) => RIGHTS[rights as keyof typeof RIGHTS] ?? `rights ${rights}`;

const accountRoute: PageRoute = {
  pattern: ACCOUNT_PAGE_PATH,
  title: "Your account",
  summary: "Who you are signed in as, and changing your password.",
  view: ({ ctx: { user } }) => (
    <div className="account">
      <dl>
        <dt>User id</dt>
        <dd>{user.id}</dd>
        <dt>Name</dt>
        <dd>{[user.firstName, user.lastName].filter(Boolean).join(" ") || "—"}</dd>
        <dt>Company</dt>
        <dd>{user.companyName}</dd>
        <dt>Team</dt>
        <dd>{user.teamName} ({roleOf(user.rights)})</dd>
      </dl>
      <section aria-labelledby="password-heading">
        <h2 id="password-heading">Change your password</h2>
        <p className="muted">Your other sessions end when you change it; this one goes on.</p>
        <Island of={ChangePasswordForm} props={{}} />
      </section>
    </div>
  ),
};

export default [accountRoute];

/**
 * The public page a set-password link opens (/login/reset?token=…): a new password, twice. The
 * link is checked when the page loads (without using it), so a dead link says so at once.
 */
import type { PageRoute } from "../types.ts";
import { Island } from "../../server/pages/island.tsx";
import PasswordResetForm from "../../islands/login/PasswordResetForm.tsx";
import { PRODUCT } from "../../server/pages/document.ts";
import { RESET_PAGE_PATH } from "../../openapi/schemas/users/users.ts";
import { resetLinkValid } from "../../server/services/users/password_reset.ts";

interface Data {
  token: string;
  valid: boolean;
}

const loginResetRoute: PageRoute<Data> = {
  pattern: RESET_PAGE_PATH,
  title: "Set your password",
  summary: "Set a new password with the link your administrator gave you.",
  public: true,
  // A link handed over may be opened in a browser where someone is signed in.
  alsoSignedIn: true,
  bare: true,
  load: async ({ deps, url }) => {
    const token = url.searchParams.get("token") ?? "";
    const valid = await resetLinkValid(deps.db, token);
    // A dead link's token is not handed back to the page.
    return { token: valid ? token : "", valid };
  },
  view: ({ data }) => (
    <article className="login-card">
      <header>
        <h1>{PRODUCT}</h1>
        <p>Set your password.</p>
      </header>
      <Island of={PasswordResetForm} props={{ token: data.token, valid: data.valid }} />
    </article>
  ),
};

export default [loginResetRoute];

import type { PageRoute } from "../types.ts";
import { Island } from "../../server/pages/island.tsx";
import LoginForm from "../../islands/login/LoginForm.tsx";
import { safeNext } from "../../server/pages/next.ts";
import { PRODUCT } from "../../server/pages/document.ts";

const loginRoute: PageRoute<void> = {
  pattern: "/login",
  title: "Sign in",
  summary: "Sign in to the portal.",
  public: true,
  bare: true,
  view: ({ ctx }) => (
    <article className="login-card">
      <header>
        <h1>{PRODUCT}</h1>
        <p>Sign in with your user id or an e-mail alias.</p>
      </header>
      <Island of={LoginForm} props={{ next: safeNext(ctx.url.searchParams.get("next")) }} />
    </article>
  ),
};

export default [loginRoute];

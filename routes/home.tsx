import type { PageRoute } from "./types.ts";
import { areasFor } from "./mod.ts";
import { IndexCards } from "./index_view.tsx";

export const homeRoute: PageRoute<void> = {
  pattern: "/",
  title: "Home",
  summary: "Your areas of the portal.",
  view: ({ ctx }) => (
    <>
      <p>
        Signed in as <strong>{ctx.user.id}</strong> — {ctx.user.companyName}, team{" "}
        {ctx.user.teamName}.
      </p>
      <IndexCards ctx={ctx} routes={areasFor(ctx.user.admin)} />
    </>
  ),
};

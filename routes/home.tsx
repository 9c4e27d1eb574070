import type { PageRoute } from "./types.ts";
import { IndexCards } from "./index_view.tsx";

const homeRoute: PageRoute<void> = {
  pattern: "/",
  title: "Home",
  summary: "Your areas of the portal.",
  view: ({ ctx }) => (
    <>
      <p>
        Signed in as <strong>{ctx.user.id}</strong> — {ctx.user.companyName}, team{" "}
        {ctx.user.teamName}.
      </p>
      <IndexCards ctx={ctx} routes={ctx.map.areas(ctx.user.admin)} />
    </>
  ),
};

export default [homeRoute];

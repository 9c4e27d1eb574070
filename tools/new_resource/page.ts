/** A new resource's page module, `routes/<area>/<name>.tsx`: the list, its first page rendered. */
import type { Names } from "./names.ts";

export function pageModule(n: Names): string {
  return `/** The ${n.word} list (${n.page}), for every signed-in user (a client: its company's). */
import type { AnyPageRoute, PageRoute, UserPageContext } from "../types.ts";
import { firstPage } from "../first_page.ts";
import { Island } from "../../server/pages/island.tsx";
import ${n.Pascal}List, {
  ${n.CONST}_TABLE_DEFAULTS,
  type ${n.Pascal}ListProps,
} from "../../islands/${n.area}/${n.name}/${n.Pascal}List.tsx";
import type { Viewer } from "../../islands/${n.area}/${n.name}/${n.name}_api.ts";
import { ${n.Pascal}FindRequestSchema } from "../../openapi/schemas/${n.name}/${n.name}.ts";
import { find${n.Plural} } from "../../server/services/${n.name}/read.ts";

/** What the island needs to know about the user: admin or not, and its company. */
const viewerOf = ({ user }: UserPageContext): Viewer => ({
  admin: user.admin,
  company: { id: user.companyId, name: user.companyName },
});

const ${n.camel}Route: PageRoute<${n.Pascal}ListProps> = {
  pattern: "${n.page}",
  title: "${n.Words}",
  summary: "${n.Words} of the companies (a client: its own company's).",
  parent: "/${n.area}",
  // The first page is rendered on the server, with the query the URL asks for.
  load: async (ctx) => ({
    ...await firstPage(
      ctx.url,
      ${n.CONST}_TABLE_DEFAULTS,
      ${n.Pascal}FindRequestSchema,
      (req) => find${n.Plural}(ctx.deps.db, ctx.scope, req),
    ),
    viewer: viewerOf(ctx),
  }),
  view: ({ data }) => <Island of={${n.Pascal}List} props={data} />,
};

export default [${n.camel}Route] satisfies AnyPageRoute[];
`;
}

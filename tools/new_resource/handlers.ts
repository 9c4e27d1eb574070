/** A new resource's handlers and its mount, `server/rest/<name>/{handlers,mod}.ts`. */
import type { Names } from "./names.ts";

export function handlersModule(n: Names): string {
  return `/** The ${n.rest} handlers: each parses, calls its service with the caller's scope, answers. */
import type { Handlers } from "../define.ts";
import type * as routes from "./operations.ts";
import { find${n.Plural}, get${n.Pascal} } from "../../services/${n.name}/read.ts";
import {
  create${n.Pascal},
  delete${n.Pascal},
  update${n.Pascal},
} from "../../services/${n.name}/write.ts";

export const handlers: Handlers<typeof routes> = {
  find: async (c) =>
    c.json(await find${n.Plural}(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  get: async (c) =>
    c.json(await get${n.Pascal}(c.var.deps.db, c.var.scope, c.req.valid("query").id), 200),
  create: async (c) =>
    c.json(await create${n.Pascal}(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  update: async (c) =>
    c.json(await update${n.Pascal}(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
  remove: async (c) =>
    c.json(await delete${n.Pascal}(c.var.deps.db, c.var.scope, c.req.valid("json")), 200),
};
`;
}

export function restMod(n: Names): string {
  return `import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "${n.Words}",
    description: "${n.Words} of a company (a client: its company's)",
  },
  routes,
  handlers,
});
`;
}

import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Audit", description: "Who changed what, when and from where" },
  routes,
  handlers,
});

import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Default mtl", description: "The default dnid member of each terminal" },
  routes,
  handlers,
});

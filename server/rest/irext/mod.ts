import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Irext", description: "Commands for Iridium Extreme terminals" },
  routes,
  handlers,
});

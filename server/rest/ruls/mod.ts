import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Ruls",
    description: "Remote user-logins at the land earth stations (administrators; a client " +
      "may choose among its own company's)",
  },
  routes,
  handlers,
});

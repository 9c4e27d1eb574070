import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Terminals",
    description: "Terminals per device type: transmission configuration, item logs, templates",
  },
  routes,
  handlers,
});

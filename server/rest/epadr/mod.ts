import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "EPADR",
    description: "The EPADR (enhanced position and data report) robot's configuration " +
      "(administrators)",
  },
  routes,
  handlers,
});

import { resource } from "../../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Dnid status",
    description: "Dnid members: activity, default terminal, programs and routing exceptions",
  },
  routes,
  handlers,
});

import { resource } from "../../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Dnid commands",
    description: "The dnid status menu's commands: on-demand poll, download, programs",
  },
  routes,
  handlers,
});

import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Users",
    description: "Users, their access, e-mail aliases and passwords (administrators)",
  },
  routes,
  handlers,
});

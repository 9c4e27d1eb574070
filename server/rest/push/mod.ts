import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Push", description: "Push delivery: processes, routes, events and traffic" },
  routes,
  handlers,
});

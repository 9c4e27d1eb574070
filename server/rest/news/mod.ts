import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "News", description: "Service announcements and what each user has read" },
  routes,
  handlers,
});

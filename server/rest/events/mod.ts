import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Events",
    description: "Live change events for the screens, as server-sent events",
  },
  routes,
  handlers,
});

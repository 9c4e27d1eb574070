import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Poll", description: "Inmarsat C polls of dnid members" },
  routes,
  handlers,
});

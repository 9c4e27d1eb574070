import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Dnids", description: "Data network identifiers, their status and allocation" },
  routes,
  handlers,
});

import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Errors", description: "The error code list the portal shows" },
  routes,
  handlers,
});

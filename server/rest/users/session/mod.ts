import { resource } from "../../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Session", description: "Sign in, sign out, the signed-in user" },
  routes,
  handlers,
});

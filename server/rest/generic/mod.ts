import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Generic", description: "Commands for every tracker type: tracking on and off" },
  routes,
  handlers,
});

import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Companies", description: "Customer companies (administrators)" },
  routes,
  handlers,
});

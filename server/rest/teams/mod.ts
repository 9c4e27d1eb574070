import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Teams", description: "Teams of a company, their rights and mtls (administrators)" },
  routes,
  handlers,
});

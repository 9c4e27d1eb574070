import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Tgids",
    description: "Terminal groups, the teams sharing them, routing exceptions",
  },
  routes,
  handlers,
});

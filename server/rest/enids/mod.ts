import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Enids",
    description: "Enids: their company, rul and the teams that use them (a client: its company's)",
  },
  routes,
  handlers,
});

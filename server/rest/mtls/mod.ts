import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Mtls",
    description: "Inmarsat C mobile terminals (mtls) and their land earth station",
  },
  routes,
  handlers,
});

import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: {
    name: "Commands",
    description: "One command of a command list: its details, its full record, its cancel " +
      "(a client: its company's commands)",
  },
  routes,
  handlers,
});

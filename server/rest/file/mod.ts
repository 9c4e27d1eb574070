import { resource } from "../define.ts";
import * as routes from "./operations.ts";
import { handlers } from "./handlers.ts";

export default resource({
  tag: { name: "Files", description: "Stored documents: downloads and chunked uploads" },
  routes,
  handlers,
});

/**
 * The management pages not built yet (issues 12 and 13): in the route map, menus and
 * breadcrumbs already, each showing its title. A resource that builds one moves it into its own
 * page module (listed in ./mod.ts) and deletes it here.
 */
import type { AnyPageRoute } from "../types.ts";

export default [] satisfies AnyPageRoute[];

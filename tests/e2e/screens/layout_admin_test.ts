/** The layout check (layout_suite.ts) of every screen an administrator reaches. */
import { layoutSuite } from "./layout_suite.ts";

layoutSuite({ role: "an administrator", id: "admin@demo.test" });

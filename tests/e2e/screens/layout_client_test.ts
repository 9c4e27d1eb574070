/** The layout check (layout_suite.ts) signed out, and of every screen a client reaches. */
import { layoutSuite } from "./layout_suite.ts";

layoutSuite({ role: "a client", id: "client@demo.test" }, { signedOut: true });

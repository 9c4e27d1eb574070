/**
 * Island name → loader. This file is a stand-in for type checking: the bundler
 * (server/assets/bundle.ts) replaces its contents with one dynamic import per PascalCase
 * `.tsx` file in `islands/`, so each island becomes its own chunk.
 */
import type { ComponentType } from "react";

// deno-lint-ignore no-explicit-any
type IslandModule = { default: ComponentType<any> };
const registry: Record<string, () => Promise<IslandModule>> = {};
export default registry;

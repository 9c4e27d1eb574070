/**
 * Imported first by main.ts, before anything loads React: React's npm entries pick their build
 * from NODE_ENV when first loaded, and the development build renders pages about twice as slowly
 * (prop validation, key warnings, owner stacks). The portal's own process therefore runs the
 * production build unless NODE_ENV is set; tests import the server directly and keep the
 * development build's warnings.
 */
if (!Deno.env.get("NODE_ENV")) Deno.env.set("NODE_ENV", "production");

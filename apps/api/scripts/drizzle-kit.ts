/**
 * Runs drizzle-kit with `drizzle-orm` resolved from apps/api.
 *
 * npm hoists drizzle-kit to the root node_modules but keeps drizzle-orm inside
 * apps/api (its PGlite peer differs from the one firebase-tools pulls in at the root),
 * so drizzle-kit's own `import("drizzle-orm/…")` would fail. This hook resolves those
 * imports as if they came from this workspace.
 *
 *   npm run db:generate -w apps/api      (→ node scripts/drizzle-kit.ts generate)
 */
import { createRequire, registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

let resolvingForDrizzleKit = false;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const isOrm = specifier === "drizzle-orm" || specifier.startsWith("drizzle-orm/");
    if (!isOrm || resolvingForDrizzleKit) return nextResolve(specifier, context);
    if (!context.conditions.includes("require")) {
      return nextResolve(specifier, { ...context, parentURL: import.meta.url });
    }
    // require.resolve runs these hooks again; the flag stops the recursion.
    resolvingForDrizzleKit = true;
    try {
      return { url: pathToFileURL(require.resolve(specifier)).href, shortCircuit: true };
    } finally {
      resolvingForDrizzleKit = false;
    }
  },
});

process.argv = [
  process.argv[0] ?? "node",
  "drizzle-kit",
  ...process.argv.slice(2),
  "--config",
  new URL("../drizzle.config.ts", import.meta.url).pathname,
];
// bin.cjs is not in drizzle-kit's exports map, so load it by path.
require(path.join(path.dirname(require.resolve("drizzle-kit")), "bin.cjs"));

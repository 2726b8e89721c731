/**
 * `npm run typecheck`: every TypeScript project in the repo, the web app after its route
 * types are generated. Exits non-zero when any project has a type error.
 */
import { spawnSync } from "node:child_process";

/** Every tsconfig.json in the repo (a test keeps this list complete). */
export const TYPECHECKED_PROJECTS = [
  "packages/shared",
  "packages/content",
  "apps/api",
  "apps/web",
  ".",
];

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: "inherit" }).status === 0;
}

if (import.meta.main) {
  const typegen = run("npm", ["run", "typegen", "--silent", "-w", "apps/web"]);
  // Every project is checked even after a failure, so one run lists every error.
  const failed = TYPECHECKED_PROJECTS.filter(
    (project) => !run("npx", ["tsc", "-p", project, "--noEmit"]),
  );
  for (const project of failed) process.stderr.write(`type errors in ${project}\n`);
  process.exitCode = typegen && failed.length === 0 ? 0 : 1;
}

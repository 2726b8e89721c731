import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(import.meta.dirname, "..");
const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};
const CHECK = "node --import ./scripts/require-node-24.mjs ";

/** The system's own Node when it is older than 24 (Debian 12 ships 20), else undefined. */
const olderNode = ["/usr/bin/node", "/usr/local/bin/node"].find((candidate) => {
  if (!existsSync(candidate)) return false;
  const version = spawnSync(candidate, ["--version"], { encoding: "utf8" }).stdout.trim();
  return Number(version.slice(1).split(".")[0]) < 24;
});

describe("Node 24 check", () => {
  it("runs before every npm script that starts a TypeScript file", () => {
    const typeScriptScripts = Object.entries(scripts).filter(([, command]) =>
      /^node .*\.ts\b/.test(command),
    );
    expect(typeScriptScripts.length).toBeGreaterThan(0);
    for (const [name, command] of typeScriptScripts) {
      expect(command.startsWith(CHECK), name).toBe(true);
    }
  });

  it.skipIf(!olderNode)("tells an older Node what to do instead of failing on .ts", () => {
    const result = spawnSync(
      olderNode as string,
      ["--import", "./scripts/require-node-24.mjs", "scripts/start.ts"],
      { cwd: repoRoot, encoding: "utf8" },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("this project needs Node 24 — run `npm install` first");
    expect(result.stderr).not.toContain("ERR_UNKNOWN_FILE_EXTENSION");
  });

  it("lets Node 24 through", () => {
    const result = spawnSync(
      process.execPath,
      ["--import", "./scripts/require-node-24.mjs", "-e", "console.log('ok')"],
      { cwd: repoRoot, encoding: "utf8" },
    );
    expect(result.stdout).toBe("ok\n");
  });
});

import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readAppChunks } from "./app-chunks.ts";

async function clientBuild(manifest: Record<string, unknown>): Promise<string> {
  const clientDir = await mkdtemp(path.join(tmpdir(), "client-"));
  await mkdir(path.join(clientDir, ".vite"));
  await writeFile(path.join(clientDir, ".vite", "manifest.json"), JSON.stringify(manifest));
  return clientDir;
}

describe("readAppChunks", () => {
  it("maps the lazy modules of the client build to their files, and removes the manifest", async () => {
    const clientDir = await clientBuild({
      "app/root.tsx": { file: "assets/root-1.js", isEntry: true },
      "app/send.ts": { file: "assets/send-2.js", isDynamicEntry: true },
    });
    const chunks = await readAppChunks(clientDir, "/repo/web");
    expect([...chunks.lazy]).toEqual([["/repo/web/app/send.ts", "/assets/send-2.js"]]);
    expect(await readdir(clientDir)).toEqual([]);
  });

  it("lists a lazy chunk with every chunk it imports, at any depth and once each", async () => {
    const clientDir = await clientBuild({
      "app/root.tsx": { file: "assets/root-1.js", isEntry: true, imports: ["_shared.js"] },
      "app/session.ts": {
        file: "assets/session-2.js",
        isDynamicEntry: true,
        imports: ["_shared.js", "_client.js"],
      },
      "_client.js": { file: "assets/client-3.js", imports: ["_shared.js"] },
      "_shared.js": { file: "assets/shared-4.js" },
    });
    const chunks = await readAppChunks(clientDir, "/repo/web");
    expect(chunks.withImports("/repo/web/app/session.ts")).toEqual([
      "/assets/session-2.js",
      "/assets/shared-4.js",
      "/assets/client-3.js",
    ]);
    expect(() => chunks.withImports("/repo/web/app/root.tsx")).toThrow(/not a lazy chunk/);
  });

  it("adds, when asked, the chunks a lazy chunk loads itself, with their imports", async () => {
    const clientDir = await clientBuild({
      "app/session.ts": {
        file: "assets/session-2.js",
        isDynamicEntry: true,
        imports: ["_shared.js"],
        dynamicImports: ["_account.js"],
      },
      "_account.js": { file: "assets/account-5.js", imports: ["_shared.js", "_schemas.js"] },
      "_schemas.js": { file: "assets/schemas-6.js" },
      "_shared.js": { file: "assets/shared-4.js" },
    });
    const chunks = await readAppChunks(clientDir, "/repo/web");
    expect(chunks.withImports("/repo/web/app/session.ts")).toEqual([
      "/assets/session-2.js",
      "/assets/shared-4.js",
    ]);
    expect(chunks.withImports("/repo/web/app/session.ts", { alsoWhatItLoads: true })).toEqual([
      "/assets/session-2.js",
      "/assets/shared-4.js",
      "/assets/account-5.js",
      "/assets/schemas-6.js",
    ]);
  });
});

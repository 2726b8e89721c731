import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { modulesAfterBootByPage } from "./after-boot-modules.ts";
import { readModuleLists } from "./module-imports.ts";

const app = path.resolve(import.meta.dirname, "../app");

/** A module list file in a fresh folder, beside a module `here.ts` its lists may import. */
async function listFile(source: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), "module-lists-"));
  await writeFile(path.join(folder, "here.ts"), "export {};\n");
  const file = path.join(folder, "lists.ts");
  await writeFile(file, source);
  return file;
}

describe("readModuleLists", () => {
  it("reads each entry's key and the paths its imports name, through satisfies", async () => {
    const file = await listFile(`const other = "/x";
export const lists = {
  "/a": [() => import("./here.ts")],
  named: [],
  [other]: [() => import("./here.ts"), () => import("./here.ts")],
} satisfies Record<string, readonly (() => Promise<unknown>)[]>;`);
    const here = path.join(path.dirname(file), "here.ts");
    expect(readModuleLists(file, "lists")).toEqual([
      { key: "/a", modules: [here] },
      { key: "named", modules: [] },
      { key: undefined, modules: [here, here] },
    ]);
  });

  it("fails on a module that is not there, or an entry that is not an import", async () => {
    const missing = await listFile(`export const lists = { a: [() => import("./gone.ts")] };`);
    expect(() => readModuleLists(missing, "lists")).toThrow(/gone\.ts, which is not there/);
    const string = await listFile(`export const lists = { a: ["./here.ts"] };`);
    expect(() => readModuleLists(string, "lists")).toThrow(/not a \(\) => import/);
    expect(() => readModuleLists(string, "other")).toThrow(/exports no object other/);
  });

  it("reads the client build's chunk groups", () => {
    const groups = readModuleLists(
      path.join(import.meta.dirname, "chunk-groups.ts"),
      "chunkGroups",
    );
    expect(groups.map((group) => group.key)).toEqual([
      "sign-in-rules",
      "browser-api-client",
      "savings-estimate",
    ]);
    expect(groups[0]?.modules).toContain(path.join(app, "features/auth/route-after-sign-in.ts"));
  });
});

describe("modulesAfterBootByPage", () => {
  it("gives each page of app/modules-after-boot.ts the source paths of its modules", () => {
    const session = path.join(app, "features/auth/firebase-auth-session.ts");
    expect(modulesAfterBootByPage().get("/login")).toEqual([session]);
  });

  it("fails when the list's source and its value disagree", async () => {
    const file = await listFile(
      `export const modulesAfterBoot = { "/a": [() => import("./here.ts")] };`,
    );
    expect(() => modulesAfterBootByPage({ "/b": [null] }, file)).toThrow(/do not list the same/);
    expect(() => modulesAfterBootByPage({ "/a": [] }, file)).toThrow(/do not list the same/);
    expect(modulesAfterBootByPage({ "/a": [null] }, file).get("/a")).toHaveLength(1);
  });
});

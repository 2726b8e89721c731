import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SeedPage } from "./seed-pages.ts";

/** Where the seed pages' Markdown lives, for code that reads it from disk (the API's seeding). */
export const SEED_PAGES_DIR = path.resolve(import.meta.dirname, "../pages");

export function readSeedPageSource(page: Pick<SeedPage, "file">): Promise<string> {
  return readFile(path.join(SEED_PAGES_DIR, page.file), "utf8");
}

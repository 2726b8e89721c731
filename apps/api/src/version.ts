import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./config.ts";

/** The product's version, from the repository's package.json (the CLI and the API document show it). */
export const PRODUCT_VERSION: string = JSON.parse(
  readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"),
).version;

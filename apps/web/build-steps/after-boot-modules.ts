import path from "node:path";
import { modulesAfterBoot } from "../app/modules-after-boot.ts";
import { readModuleLists } from "./module-imports.ts";

const MODULES_AFTER_BOOT = path.resolve(import.meta.dirname, "../app/modules-after-boot.ts");

/**
 * app/modules-after-boot.ts as paths: by page path, the absolute source paths of the lazy modules
 * the page needs once it has started. The page paths come from the list as it runs (a key may be
 * an imported constant), the modules from its source, entry by entry in the order written.
 */
export function modulesAfterBootByPage(
  list: Readonly<Record<string, readonly unknown[]>> = modulesAfterBoot,
  file = MODULES_AFTER_BOOT,
): Map<string, readonly string[]> {
  const pages = Object.entries(list);
  const read = readModuleLists(file, "modulesAfterBoot");
  const differs = (index: number) => {
    const [pagePath, modules] = pages[index] ?? [];
    const entry = read[index];
    return (
      entry === undefined ||
      entry.modules.length !== modules?.length ||
      (entry.key !== undefined && entry.key !== pagePath)
    );
  };
  if (read.length !== pages.length || pages.some((_, index) => differs(index))) {
    throw new Error(`${file}: its source and its value do not list the same modules`);
  }
  return new Map(pages.map(([pagePath], index) => [pagePath, read[index]?.modules ?? []]));
}

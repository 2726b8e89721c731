import { readFile, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  CONTENT_PAGE_TEMPLATE_FILE,
  contentPageTemplatePath,
  parseContentPageTemplate,
} from "@bakery/shared/content-page-template";
import { prerenderedPageFile } from "./page-html.ts";

/**
 * Moves the prerendered content-page template (@bakery/shared/content-page-template) out of
 * the site's pages to the dot file the Node server fills in, once its inline scripts are
 * hashed into the CSP like every page's. Checked as the server will read it, so a change of
 * the content page's markup fails the build, not a visitor's request.
 */
export async function keepContentPageTemplate(clientDir: string): Promise<void> {
  const file = prerenderedPageFile(clientDir, contentPageTemplatePath);
  const html = await readFile(file, "utf8");
  parseContentPageTemplate(html);
  await writeFile(path.join(clientDir, CONTENT_PAGE_TEMPLATE_FILE), html);
  await rm(path.dirname(file), { recursive: true });
  // /page/ held nothing else; a folder left empty would only puzzle whoever uploads the build.
  await rmdir(path.dirname(path.dirname(file))).catch(() => {});
}

import { readFile, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { legalPageHandles, sitePathForPage } from "@bakery/shared/content-page-address";
import {
  CONTENT_PAGE_TEMPLATE_FILE,
  contentPageTemplatePath,
  legalPageTemplateFile,
  legalPageTemplatePath,
  parseContentPageTemplate,
  type TemplateKind,
} from "@bakery/shared/content-page-template";
import { prerenderedPageFile } from "./page-html.ts";

/** Each template the build prerenders: where, of what, and the dot file the server reads. */
export function pageTemplates(
  legalHandles: readonly string[] = legalPageHandles,
): { path: string; kind: TemplateKind; file: string }[] {
  return [
    { path: contentPageTemplatePath, kind: "content-page", file: CONTENT_PAGE_TEMPLATE_FILE },
    ...legalHandles.map((handle) => ({
      path: legalPageTemplatePath(sitePathForPage(handle)),
      kind: "legal-page" as const,
      file: legalPageTemplateFile(handle),
    })),
  ];
}

/**
 * Moves the prerendered templates (@bakery/shared/content-page-template) out of the site's pages
 * to the dot files the Node server fills in, once their inline scripts are hashed into the CSP
 * like every page's. Each is checked as the server will read it, so a change of the content
 * page's markup fails the build, not a visitor's request. Nothing is moved unless every one
 * passes.
 */
export async function keepContentPageTemplates(
  clientDir: string,
  templates = pageTemplates(),
): Promise<void> {
  const read = await Promise.all(
    templates.map(async (template) => {
      const file = prerenderedPageFile(clientDir, template.path);
      const html = await readFile(file, "utf8");
      parseContentPageTemplate(html, template.kind);
      return { ...template, prerendered: file, html };
    }),
  );
  for (const template of read) {
    await writeFile(path.join(clientDir, template.file), template.html);
    const folder = path.dirname(template.prerendered);
    await rm(folder, { recursive: true });
    // A legal page's loader data for the template (`/privacy-policy/_.data`): no page asks for it.
    await rm(`${folder}.data`, { force: true });
    // /page/ held nothing else; a folder left empty would only puzzle whoever uploads the build.
    await rmdir(path.dirname(folder)).catch(() => {});
  }
}

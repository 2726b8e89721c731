import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CONTENT_PAGE_TEMPLATE_FILE,
  ContentPageTemplateError,
  contentPageMarkers as m,
} from "@bakery/shared/content-page-template";
import { afterEach, describe, expect, it } from "vitest";
import { keepContentPageTemplate } from "./content-page-template.ts";

const TEMPLATE =
  `<!DOCTYPE html><head><title>${m.tabTitle}</title></head><body><article data-served-page="${m.handle}">` +
  `<h1>${m.title}</h1><p data-page-subtitle="">${m.subtitle}</p><div>${m.content}</div></article>`;

describe("keepContentPageTemplate", () => {
  let clientDir = "";
  const prerender = (html: string) => {
    clientDir = mkdtempSync(path.join(tmpdir(), "template-"));
    mkdirSync(path.join(clientDir, "page/_"), { recursive: true });
    writeFileSync(path.join(clientDir, "page/_/index.html"), html);
  };
  afterEach(() => rmSync(clientDir, { recursive: true, force: true }));

  it("moves the prerendered template to the file the server reads, leaving no page at /page/_", async () => {
    prerender(TEMPLATE);
    await keepContentPageTemplate(clientDir);
    expect(readFileSync(path.join(clientDir, CONTENT_PAGE_TEMPLATE_FILE), "utf8")).toBe(TEMPLATE);
    expect(existsSync(path.join(clientDir, "page"))).toBe(false);
  });

  it("fails the build when the content page's markup no longer holds the markers", async () => {
    prerender(TEMPLATE.replace(m.content, "Loading…"));
    await expect(keepContentPageTemplate(clientDir)).rejects.toThrow(ContentPageTemplateError);
    expect(existsSync(path.join(clientDir, CONTENT_PAGE_TEMPLATE_FILE))).toBe(false);
  });
});

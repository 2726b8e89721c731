import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CONTENT_PAGE_TEMPLATE_FILE,
  ContentPageTemplateError,
  contentPageTemplatePath,
  legalPageTemplateFile,
  legalPageTemplatePath,
  contentPageMarkers as m,
} from "@bakery/shared/content-page-template";
import { afterEach, describe, expect, it } from "vitest";
import { keepContentPageTemplates, pageTemplates } from "./content-page-template.ts";

const TEMPLATE =
  `<!DOCTYPE html><head><title>${m.tabTitle}</title></head><body><article data-served-page="${m.handle}">` +
  `<h1>${m.title}</h1><p data-page-subtitle="">${m.subtitle}</p><div>${m.content}</div></article>`;
/** A legal page's: its route names the tab and the article names its handle. */
const LEGAL_TEMPLATE = TEMPLATE.replace(m.tabTitle, "Privacy Policy | Rise").replace(
  m.handle,
  "privacy-policy",
);

describe("keepContentPageTemplates", () => {
  let clientDir = "";
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    writeFileSync(path.join(clientDir, file), text);
  };
  const prerender = (html: string, legal = LEGAL_TEMPLATE) => {
    clientDir = mkdtempSync(path.join(tmpdir(), "template-"));
    write("page/_/index.html", html);
    write("privacy-policy/index.html", "the page itself");
    write("privacy-policy.data", "its data");
    write("privacy-policy/_/index.html", legal);
    write("privacy-policy/_.data", "the template's data");
  };
  const templates = () => pageTemplates(["privacy-policy"]);
  afterEach(() => rmSync(clientDir, { recursive: true, force: true }));

  it("moves each prerendered template to the file the server reads, leaving no page at its address", async () => {
    prerender(TEMPLATE);
    await keepContentPageTemplates(clientDir, templates());
    expect(readFileSync(path.join(clientDir, CONTENT_PAGE_TEMPLATE_FILE), "utf8")).toBe(TEMPLATE);
    expect(existsSync(path.join(clientDir, "page"))).toBe(false);
    const legal = path.join(clientDir, legalPageTemplateFile("privacy-policy"));
    expect(readFileSync(legal, "utf8")).toBe(LEGAL_TEMPLATE);
    expect(existsSync(path.join(clientDir, "privacy-policy/_"))).toBe(false);
    expect(existsSync(path.join(clientDir, "privacy-policy/_.data"))).toBe(false);
    // The legal page itself, for static hosts and the server's fallback, stays.
    expect(readFileSync(path.join(clientDir, "privacy-policy/index.html"), "utf8")).toBe(
      "the page itself",
    );
    expect(existsSync(path.join(clientDir, "privacy-policy.data"))).toBe(true);
  });

  it("fails the build, moving nothing, when a page's markup no longer holds the markers", async () => {
    prerender(TEMPLATE.replace(m.content, "Loading…"));
    await expect(keepContentPageTemplates(clientDir, templates())).rejects.toThrow(
      ContentPageTemplateError,
    );
    expect(existsSync(path.join(clientDir, CONTENT_PAGE_TEMPLATE_FILE))).toBe(false);
    expect(existsSync(path.join(clientDir, legalPageTemplateFile("privacy-policy")))).toBe(false);
  });

  it("fails the build when a legal page's template has the content pages' markers", async () => {
    prerender(TEMPLATE, TEMPLATE);
    await expect(keepContentPageTemplates(clientDir, templates())).rejects.toThrow(
      ContentPageTemplateError,
    );
  });

  it("lists the content pages' template and one for each legal page", () => {
    expect(pageTemplates().map((template) => template.path)).toEqual([
      contentPageTemplatePath,
      legalPageTemplatePath("/privacy-policy"),
      legalPageTemplatePath("/terms-of-service"),
    ]);
  });
});

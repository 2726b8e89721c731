import { PAGE_TITLE_MAX_LENGTH, pageWriteSchema } from "@bakery/shared/admin-pages-contract";
import { describe, expect, it } from "vitest";
import {
  emptyPageForm,
  handleProblem,
  hasUnsavedChanges,
  normalHandle,
  pageFormProblems,
  pageWriteBody,
} from "./page-form.ts";

const page = {
  title: "Privacy Policy",
  subtitle: "",
  format: "markdown" as const,
  source: "We keep your data safe.\n",
};

describe("the page editor's form", () => {
  it("checks a handle as the CLI does, in words", () => {
    expect(handleProblem("opening-hours")).toBeUndefined();
    expect(handleProblem("Summer_2026")).toBeUndefined();
    expect(handleProblem("")).toMatch(/^Enter it/);
    expect(handleProblem("-starts-with-dash")).toMatch(/^Start with a letter or digit/);
    expect(handleProblem("has space")).toMatch(/^Start with a letter or digit/);
    expect(handleProblem("a".repeat(65))).toBe("Use at most 64 characters");
    expect(normalHandle("  Opening-Hours ")).toBe("opening-hours");
  });

  it("finds nothing wrong with a page the API would accept", () => {
    expect(pageFormProblems(page)).toEqual({});
    expect(pageWriteSchema.safeParse(pageWriteBody(page)).success).toBe(true);
  });

  it("names each field the API would refuse", () => {
    expect(pageFormProblems({ ...page, title: "  ", source: " \n" })).toEqual({
      title: "Give the page a title",
      source: "Write the page's text",
    });
    expect(
      pageFormProblems({ ...page, title: "x".repeat(PAGE_TITLE_MAX_LENGTH + 1) }).title,
    ).toMatch(/^Use at most 200 characters/);
    const tabbed = { ...page, subtitle: "one\ttwo" };
    expect(pageFormProblems(tabbed).subtitle).toBe("Keep it on one line, without tabs");
    // The contract refuses the same subtitle.
    expect(pageWriteSchema.safeParse(pageWriteBody(tabbed)).success).toBe(false);
  });

  it("sends the title and subtitle trimmed and the text exactly as typed", () => {
    expect(pageWriteBody({ ...page, title: " Privacy Policy ", subtitle: " Short " })).toEqual({
      ...page,
      title: "Privacy Policy",
      subtitle: "Short",
    });
  });

  it("sees unsaved changes in any field, and none in the page as loaded", () => {
    expect(hasUnsavedChanges(page, { ...page })).toBe(false);
    expect(hasUnsavedChanges({ ...page, format: "html" }, page)).toBe(true);
    expect(hasUnsavedChanges({ ...page, source: `${page.source} ` }, page)).toBe(true);
    expect(hasUnsavedChanges(emptyPageForm, emptyPageForm)).toBe(false);
  });
});

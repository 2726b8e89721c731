import {
  PAGE_SOURCE_MAX_LENGTH,
  PAGE_SUBTITLE_MAX_LENGTH,
  PAGE_TITLE_MAX_LENGTH,
  type PageFormat,
  type PageRecord,
  type PageWrite,
} from "@bakery/shared/admin-pages-contract";
import { slugRulesProblem } from "./slug-rules.ts";

/** What the page editor's form holds: the editable part of a page, as typed. */
export type PageFormValues = {
  title: string;
  subtitle: string;
  format: PageFormat;
  source: string;
};

export type PageFormField = keyof PageFormValues;
export type PageFormProblems = Partial<Record<PageFormField, string>>;

export const emptyPageForm: PageFormValues = {
  title: "",
  subtitle: "",
  format: "markdown",
  source: "",
};

/** The form's values for a page (or one of its revisions) as stored. */
export function pageFormValuesOf(page: Omit<PageRecord, "handle">): PageFormValues {
  return { title: page.title, subtitle: page.subtitle, format: page.format, source: page.source };
}

/** Whether the form holds anything other than `saved`: the changes a person would lose. */
export function hasUnsavedChanges(values: PageFormValues, saved: PageFormValues): boolean {
  return (
    values.title !== saved.title ||
    values.subtitle !== saved.subtitle ||
    values.format !== saved.format ||
    values.source !== saved.source
  );
}

/** What is wrong with a page's handle, in words, or undefined when the slug rules accept it. */
export const handleProblem = (value: string) =>
  slugRulesProblem(value, "Enter it: it is the last part of the page's address");

/** The handle as the API stores it: handles are case-insensitive, kept lowercase. */
export const normalHandle = (typed: string) => typed.trim().toLowerCase();

// Tabs, line breaks and other control characters: the contract's "plain text on one line".
const controlCharacter = /[\p{Cc}\p{Cs}]/u;

function lineProblem(value: string, max: number): string | undefined {
  if (value.length > max) return `Use at most ${max} characters (now ${value.length})`;
  if (controlCharacter.test(value)) return "Keep it on one line, without tabs";
  return undefined;
}

/** Each field's problem in words, as the API's schema would refuse it; {} when it can be saved. */
export function pageFormProblems(values: PageFormValues): PageFormProblems {
  const problems: PageFormProblems = {};
  const title = values.title.trim() === "" ? "Give the page a title" : undefined;
  problems.title = title ?? lineProblem(values.title, PAGE_TITLE_MAX_LENGTH);
  problems.subtitle = lineProblem(values.subtitle, PAGE_SUBTITLE_MAX_LENGTH);
  if (values.source.trim() === "") problems.source = "Write the page's text";
  else if (values.source.length > PAGE_SOURCE_MAX_LENGTH) {
    problems.source = `The text is too long: at most ${PAGE_SOURCE_MAX_LENGTH} characters`;
  }
  for (const field of Object.keys(problems) as PageFormField[]) {
    if (problems[field] === undefined) delete problems[field];
  }
  return problems;
}

/** The body of the save. */
export function pageWriteBody(values: PageFormValues): PageWrite {
  return {
    title: values.title.trim(),
    subtitle: values.subtitle.trim(),
    format: values.format,
    source: values.source,
  };
}

/** The problems to show: a field's once something is typed there, or once the form was sent. */
export function shownProblems(
  values: PageFormValues,
  problems: PageFormProblems,
  submitted: boolean,
): PageFormProblems {
  return Object.fromEntries(
    Object.entries(problems).filter(
      ([field]) => submitted || values[field as PageFormField] !== "",
    ),
  );
}

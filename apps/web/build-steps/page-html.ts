import { readdir } from "node:fs/promises";
import path from "node:path";
import { Parser } from "htmlparser2";

/**
 * A prerendered page read by a real HTML parser (htmlparser2, docs/decisions/0025): its
 * elements and comments in document order, each with where its markup sits in the page's
 * text, so the build steps can change what they mean to and leave every other byte as it was.
 */

/** An element and where its markup sits: its start tag, its content, its end tag. */
export interface PageElement {
  readonly name: string;
  /** Attribute values as the browser reads them; names lower-cased. */
  readonly attributes: Readonly<Record<string, string | undefined>>;
  /** Where its start tag's `<` is. */
  readonly start: number;
  /** Just past its start tag's `>`: where its content starts. */
  readonly startTagEnd: number;
  /** Where its end tag starts (its content's end); startTagEnd for an element without content. */
  readonly endTagStart: number;
  /** Just past the element's last character. */
  readonly end: number;
}

export interface PageComment {
  /** The text between `<!--` and `-->`. */
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export interface ParsedPage {
  readonly html: string;
  readonly elements: readonly PageElement[];
  readonly comments: readonly PageComment[];
}

interface OpenElement extends Omit<PageElement, "endTagStart" | "end"> {
  endTagStart?: number;
  end?: number;
}

/** Parses a page once; the build steps read it and write their changes through a PageRewriter. */
export function parsePage(html: string): ParsedPage {
  const elements: OpenElement[] = [];
  const open: OpenElement[] = [];
  const comments: PageComment[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      const element = {
        name,
        attributes,
        start: parser.startIndex,
        startTagEnd: parser.endIndex + 1,
      };
      elements.push(element);
      open.push(element);
    },
    onclosetag(name, isImplied) {
      const element = open.pop();
      if (element?.name !== name) throw new Error(`unbalanced </${name}> at ${parser.startIndex}`);
      // A void element (<meta>, <link>) is closed by its own start tag; another element closed
      // without an end tag ends where what closed it starts.
      const closedByItself = isImplied && parser.startIndex === element.start;
      element.endTagStart = closedByItself ? element.startTagEnd : parser.startIndex;
      element.end = isImplied ? element.endTagStart : parser.endIndex + 1;
    },
    oncomment(text) {
      comments.push({ text, start: parser.startIndex, end: parser.endIndex + 1 });
    },
  });
  parser.end(html);
  return { html, elements: elements as PageElement[], comments };
}

/** The page's text from `from` to `to`, as it was written. */
export function textBetween(page: ParsedPage, from: number, to: number): string {
  return page.html.slice(from, to);
}

/** An element's markup as it was written, from its start tag to its end tag. */
export function markupOf(page: ParsedPage, element: PageElement): string {
  return textBetween(page, element.start, element.end);
}

/** An element's content as it was written (a script's code, unchanged). */
export function contentOf(page: ParsedPage, element: PageElement): string {
  return textBetween(page, element.startTagEnd, element.endTagStart);
}

/** Whether an element's `rel` names `token` ("stylesheet", "modulepreload"). */
export function hasRel(element: PageElement, token: string): boolean {
  const rel = element.attributes.rel?.toLowerCase().split(/\s+/) ?? [];
  return element.name === "link" && rel.includes(token);
}

/** A script element's type, lower-cased; "" when it has none. */
export function scriptType(element: PageElement): string {
  return element.attributes.type?.trim().toLowerCase() ?? "";
}

/** Whether a script element carries its code (no `src`). */
export function isInlineScript(element: PageElement): boolean {
  return element.name === "script" && element.attributes.src === undefined;
}

/** The page's head; a page without one fails the build. */
export function headOf(page: ParsedPage): PageElement {
  const head = page.elements.find((element) => element.name === "head");
  if (!head) throw new Error("the page has no <head>");
  return head;
}

/** Whether `inner` sits inside `outer`. */
export function isInside(inner: PageElement, outer: PageElement): boolean {
  return inner.start > outer.start && inner.end <= outer.endTagStart;
}

/** The first stylesheet link in the page's head, if it has one. */
export function firstStylesheet(page: ParsedPage): PageElement | undefined {
  const head = headOf(page);
  return page.elements.find((element) => hasRel(element, "stylesheet") && isInside(element, head));
}

/** An attribute written as React writes them: ` name="value"`, with `&` and `"` escaped. */
export function attribute(name: string, value: string): string {
  return ` ${name}="${value.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"`;
}

/** A classic inline script; code holding `</script` would end it early and fails the build. */
export function inlineScript(code: string, attributes = ""): string {
  if (code.toLowerCase().includes("</script")) throw new Error("a script that cannot be inlined");
  return `<script${attributes}>${code}</script>`;
}

/** The HTML file prerendering wrote for a page's path ("/pricing" → pricing/index.html). */
export function prerenderedPageFile(clientDir: string, pagePath: string): string {
  return path.join(clientDir, pagePath, "index.html");
}

/** Every HTML file under dir, at any depth, sorted. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

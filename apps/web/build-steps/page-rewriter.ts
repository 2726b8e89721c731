import type { PageComment, PageElement, ParsedPage } from "./page-html.ts";

type PageNode = PageElement | PageComment;

interface Edit {
  /** The text replaced runs from `from` to `to`; an insertion replaces nothing (from === to). */
  from: number;
  to: number;
  text: string;
}

/**
 * The changes the build steps make to one parsed page, written out in one go: removals,
 * replacements and insertions at places in the page's text, everything else kept byte for
 * byte. Insertions at one place come out in the order they were asked for, before whatever
 * replaces what starts there; so the order the steps run in (page-transforms.ts) is the order
 * of what they write side by side.
 */
export class PageRewriter {
  readonly #edits: Edit[] = [];
  readonly #removed = new Set<PageNode>();

  readonly page: ParsedPage;

  constructor(page: ParsedPage) {
    this.page = page;
  }

  /** Whether an earlier step removed the node: the later ones then leave it alone. */
  isRemoved(node: PageNode): boolean {
    return this.#removed.has(node);
  }

  /** The page's elements an earlier step has not removed, in document order. */
  elements(): PageElement[] {
    return this.page.elements.filter((element) => !this.#removed.has(element));
  }

  remove(node: PageNode): void {
    this.replace(node, "");
    this.#removed.add(node);
  }

  /** Replaces a whole element or comment with `text`. */
  replace(node: PageNode, text: string): void {
    this.#change(node.start, node.end, text);
  }

  /** Replaces an element's content, keeping its start and end tags. */
  replaceContent(element: PageElement, text: string): void {
    this.#change(element.startTagEnd, element.endTagStart, text);
  }

  insertBefore(node: PageNode, text: string): void {
    this.#change(node.start, node.start, text);
  }

  insertAfter(node: PageNode, text: string): void {
    this.#change(node.end, node.end, text);
  }

  /** Inserts at the end of an element's content, before its end tag. */
  append(element: PageElement, text: string): void {
    this.#change(element.endTagStart, element.endTagStart, text);
  }

  #change(from: number, to: number, text: string): void {
    for (const edit of this.#edits) {
      if (edit.from < to && from < edit.to) {
        throw new Error(`two build steps change the page's text at ${from}–${to}`);
      }
    }
    this.#edits.push({ from, to, text });
  }

  /** The page with every change written in. */
  toHtml(): string {
    // A stable sort: at one place, insertions in the order asked for, then a replacement.
    const edits = [...this.#edits].sort(
      (a, b) => a.from - b.from || isReplacement(a) - isReplacement(b),
    );
    const { html } = this.page;
    let out = "";
    let at = 0;
    for (const edit of edits) {
      out += html.slice(at, edit.from) + edit.text;
      at = edit.to;
    }
    return out + html.slice(at);
  }
}

const isReplacement = (edit: Edit) => (edit.to > edit.from ? 1 : 0);

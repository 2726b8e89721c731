import { escapeHtml } from "./escape-html.ts";

/**
 * The page a content page's address (/page/:handle) is answered with by the Node server: the
 * web build prerenders the content page once with these markers in place of the page's
 * handle, title, subtitle and HTML, and the server writes the stored page in their place as it
 * answers (apps/api/src/content-pages/content-page-document.ts). The visitor reads the page at
 * the first paint, with or without JavaScript, and the app hydrates the same words
 * (docs/decisions/0020).
 */

/**
 * The address the template is prerendered at. The build then moves it to
 * CONTENT_PAGE_TEMPLATE_FILE, so at run time /page/_ is answered like any other handle.
 */
export const contentPageTemplatePath = "/page/_";

/**
 * Where the build keeps the template: a dot file in the build's client folder, which the
 * Node server reads and never serves (nor does the nginx configuration), so no one sees its
 * markers.
 */
export const CONTENT_PAGE_TEMPLATE_FILE = ".content-page-template.html";

/**
 * The legal pages (content-page-address.ts) have routes of their own, prerendered with their
 * seeded text so that a static host shows it. The build also prerenders each once more as a
 * template, at its address with this segment after it, and keeps it in a dot file the Node
 * server writes the stored page into, so an operator's edit is in the HTML (docs/decisions/0029).
 */
export const legalPageTemplatePath = (sitePath: string): string => `${sitePath}/_`;

/** Where the build keeps a legal page's template, by the page's handle: read, never served. */
export const legalPageTemplateFile = (handle: string): string => `.${handle}-template.html`;

/**
 * What a template is of: every content page at /page/:handle, which names its own tab, address
 * and description from the stored page; or one legal page, whose route names those itself and
 * whose article names its own handle, so only the title, subtitle and HTML are written in.
 */
export type TemplateKind = "content-page" | "legal-page";

/**
 * What the template holds in place of each part of the page. Characters that HTML escaping
 * leaves alone, so they appear in the markup exactly as written here.
 */
export const contentPageMarkers = {
  handle: "%%page-handle%%",
  title: "%%page-title%%",
  /** The tab's title: the page's title with the product's name (page-title.ts). */
  tabTitle: "%%page-tab-title%%",
  subtitle: "%%page-subtitle%%",
  content: "%%page-content%%",
} as const;

/** The attribute on the element that holds the page's subtitle (absent when it has none). */
export const SUBTITLE_ATTRIBUTE = "data-page-subtitle";

/** The attribute on the article that names the handle of the page the server wrote into it. */
export const SERVED_PAGE_ATTRIBUTE = "data-served-page";

/**
 * What a content page is about, for search results and link previews: its subtitle, or its
 * title when it has none. The server writes it into the page's head and the app's view
 * renders the same tag, so the app takes the server's over.
 */
export const contentPageDescription = (page: { title: string; subtitle: string }): string =>
  page.subtitle || page.title;

/** A stored page as the template takes it: plain text, and HTML already sanitized. */
export type ContentPageFill = {
  handle: string;
  title: string;
  /** The tab's title, made from the title by pageTitle. */
  tabTitle: string;
  subtitle: string;
  sanitizedHtml: string;
  /** For search results and link previews: the page's address and what it is about. */
  canonicalUrl: string;
  description: string;
};

export class ContentPageTemplateError extends Error {}

type Part =
  | { text: string }
  /** The page's parts; "head" is the end of the head, where its description and address go. */
  | { marker: Marker }
  /** The subtitle's whole element, left out when the page has none. */
  | { subtitleOpen: string; subtitleClose: string };

const SUBTITLE_ELEMENT = new RegExp(
  `(<p\\b[^>]*\\b${SUBTITLE_ATTRIBUTE}\\b[^>]*>)${contentPageMarkers.subtitle}(</p>)`,
);
const MARKER: Record<TemplateKind, RegExp> = {
  "content-page": /%%page-(handle|title|tab-title|content)%%|<\/(head)>/,
  "legal-page": /%%page-(handle|title|tab-title|content)%%/,
};
const MARKER_NAMES = {
  handle: "handle",
  title: "title",
  "tab-title": "tabTitle",
  content: "content",
  head: "head",
} as const;
/** How often each marker appears in a prerendered template: a different count means its markup changed. */
const EXPECTED: Record<TemplateKind, Record<Marker, number>> = {
  "content-page": { handle: 1, title: 1, tabTitle: 1, content: 1, head: 1 },
  "legal-page": { handle: 0, title: 1, tabTitle: 0, content: 1, head: 0 },
};
type Marker = "handle" | "title" | "tabTitle" | "content" | "head";

/**
 * Cuts a prerendered template into its fixed parts and the places the page goes, once; each
 * answer then only joins them (fillContentPageTemplate), and no text a page holds is ever
 * searched for markers. Throws when the template is not what the build makes: each marker
 * where the content page's view puts it, and none inside a script.
 */
export function parseContentPageTemplate(
  html: string,
  kind: TemplateKind = "content-page",
): Part[] {
  const subtitle = html.match(SUBTITLE_ELEMENT);
  if (!subtitle || html.split(contentPageMarkers.subtitle).length !== 2) {
    throw new ContentPageTemplateError("the template has no single subtitle element");
  }
  const scripts = html.match(/<script\b[\s\S]*?<\/script>/g) ?? [];
  if (scripts.some((script) => script.includes("%%page-"))) {
    throw new ContentPageTemplateError("the template has a marker inside a script");
  }
  const parts: Part[] = [];
  const counts = { handle: 0, title: 0, tabTitle: 0, content: 0, head: 0 };
  const cut = (text: string) => {
    let rest = text;
    const marker = MARKER[kind];
    for (let found = rest.match(marker); found; found = rest.match(marker)) {
      const name = MARKER_NAMES[(found[1] ?? found[2]) as keyof typeof MARKER_NAMES];
      parts.push({ text: rest.slice(0, found.index) }, { marker: name });
      counts[name] += 1;
      rest = rest.slice((found.index ?? 0) + found[0].length);
    }
    parts.push({ text: rest });
  };
  const [whole, open = "", close = ""] = subtitle;
  const at = subtitle.index ?? 0;
  cut(html.slice(0, at));
  parts.push({ subtitleOpen: open, subtitleClose: close });
  cut(html.slice(at + whole.length));
  for (const [marker, expected] of Object.entries(EXPECTED[kind])) {
    const count = counts[marker as keyof typeof counts];
    if (count !== expected) {
      throw new ContentPageTemplateError(
        `the template has ${count} "${marker}" marker(s), not ${expected}`,
      );
    }
  }
  return parts;
}

/**
 * The page's document: the template with the page's handle, titles and subtitle escaped and
 * its HTML, which the caller has sanitized, in their places, and its description and
 * canonical address (escaped) at the end of the head. The app's content page view renders
 * the same two tags; React takes over a head tag whose attributes match one it renders, so
 * they are the app's from then on and leave the head with the page.
 */
export function fillContentPageTemplate(parts: readonly Part[], page: ContentPageFill): string {
  return parts
    .map((part) => {
      if ("text" in part) return part.text;
      if ("subtitleOpen" in part) {
        return page.subtitle === ""
          ? ""
          : `${part.subtitleOpen}${escapeHtml(page.subtitle)}${part.subtitleClose}`;
      }
      if (part.marker === "content") return page.sanitizedHtml;
      if (part.marker === "head") {
        return `<meta name="description" content="${escapeHtml(page.description)}"/><link rel="canonical" href="${escapeHtml(page.canonicalUrl)}"/></head>`;
      }
      return escapeHtml(page[part.marker]);
    })
    .join("");
}

export type ContentPageTemplate = ReturnType<typeof parseContentPageTemplate>;

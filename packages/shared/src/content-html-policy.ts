/**
 * What content-page HTML may contain: the one allow-list both sanitizers apply, the
 * server's (sanitize-html, when a page is stored) and the browser's (DOMPurify, before it
 * is shown). Anything else is dropped, so the browser's pass can never be broader than
 * what the server let through.
 */
export const contentHtmlPolicy = {
  tags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "a",
    "blockquote",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "address",
    "small",
    "sup",
    "sub",
  ],
  /** Attributes allowed, by tag. */
  attributes: { a: ["href", "title"], ol: ["start"], th: ["scope"] } as Record<string, string[]>,
  /** URL schemes a link may use; relative links are allowed, protocol-relative ones are not. */
  linkSchemes: ["http", "https", "mailto", "tel"],
} as const;

/**
 * The policy's link rule as one pattern (DOMPurify's form): an allowed scheme, or a
 * relative URL that starts with neither "//" nor any other scheme.
 */
export const allowedLinkPattern = new RegExp(
  `^(?:(?:${contentHtmlPolicy.linkSchemes.join("|")}):|(?!//)[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))`,
  "i",
);

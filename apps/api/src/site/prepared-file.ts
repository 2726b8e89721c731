import { compress, type Encoding, etagOf, MIN_COMPRESS_BYTES } from "../http/encoded-body.ts";

/**
 * A file of the build (or a page made from data) as the site answers it: its bytes in each
 * encoding with every header built once, so a request only picks a variant and sends it.
 */

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".pdf": "application/pdf",
};
const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".map",
  ".webmanifest",
  ".svg",
  ".txt",
  ".xml",
]);

/** Hashed files under /assets: never change, kept a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** HTML and unhashed files: always revalidate (cheap, thanks to the ETag) so deploys show at once. */
export const REVALIDATE = "no-cache";
/** Pages that say something went wrong, and missing files: never kept. */
export const NOT_STORED = "no-store";

/** One way of answering a file: its bytes and every header, ready to send. */
export interface Variant {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

export interface PreparedFile {
  /** An HTML page: the one kind of answer that may carry the attribution cookie. */
  isPage: boolean;
  /** 404 for the error pages (ERROR_PAGES in site-routes.ts). */
  status: 200 | 404;
  etag: string;
  /** For 304: the same caching headers, no body. */
  notModified: Record<string, string>;
  variants: Record<Encoding, Variant>;
}

/** A file's or a made page's answers, in each encoding, with their headers. */
export async function prepareBytes(
  identity: Uint8Array<ArrayBuffer>,
  options: {
    ext: string;
    status: 200 | 404;
    cacheControl: string;
    brotliQuality?: number;
    /** When the caller has it already. */
    etag?: string;
  },
): Promise<PreparedFile> {
  const { ext, status } = options;
  const etag = options.etag ?? etagOf(identity);
  const common: Record<string, string> = {
    "Content-Type": CONTENT_TYPES[ext] ?? "application/octet-stream",
    "Cache-Control": options.cacheControl,
    ETag: etag,
  };
  const compressible = COMPRESSIBLE.has(ext) && identity.byteLength >= MIN_COMPRESS_BYTES;
  if (compressible) common.Vary = "Accept-Encoding";
  const variant = (body: Uint8Array<ArrayBuffer>, encoding: Encoding): Variant => ({
    body,
    headers: {
      ...common,
      ...(encoding !== "identity" && { "Content-Encoding": encoding }),
      "Content-Length": String(body.byteLength),
    },
  });
  const plain = variant(identity, "identity");
  if (!compressible) {
    return {
      isPage: ext === ".html",
      status,
      etag,
      notModified: common,
      variants: { identity: plain, br: plain, gzip: plain },
    };
  }
  const [br, gzip] = await Promise.all([
    compress(identity, "br", options.brotliQuality),
    compress(identity, "gzip"),
  ]);
  return {
    isPage: ext === ".html",
    status,
    etag,
    notModified: common,
    variants: {
      identity: plain,
      br: variant(new Uint8Array(br), "br"),
      gzip: variant(new Uint8Array(gzip), "gzip"),
    },
  };
}

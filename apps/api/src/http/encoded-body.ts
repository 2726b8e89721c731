import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";

/**
 * The one home for conditional and compressed answers (the site's files and the API's
 * content pages): strong ETags, If-None-Match, and brotli/gzip chosen by Accept-Encoding.
 * Bodies are compressed once per version and kept; a request only picks one.
 */

export type Encoding = "br" | "gzip" | "identity";

/** Below this, compression saves less than its headers and CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A strong ETag from the bytes themselves, so every instance of a deploy agrees. */
export function etagOf(bytes: Uint8Array): string {
  return `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"`;
}

/** RFC 9110 weak comparison: `W/"x"` matches `"x"`, and `*` matches anything. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/** Brotli when the client takes it, else gzip, else as-is (q=0 means "not acceptable"). */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const accepted = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}

/**
 * pickEncoding remembered per header value: browsers send a handful of distinct values,
 * so a busy server parses each once. Bounded, so odd clients can't grow it forever.
 */
export function createEncodingPicker(maxEntries = 64): (header: string | undefined) => Encoding {
  const known = new Map<string, Encoding>();
  return (header) => {
    if (!header) return "identity";
    let encoding = known.get(header);
    if (encoding === undefined) {
      encoding = pickEncoding(header);
      if (known.size >= maxEntries) known.clear();
      known.set(header, encoding);
    }
    return encoding;
  };
}

/** Compresses once: brotli at `brotliQuality` (11, the smallest, for build files), or gzip -9. */
export function compress(
  raw: Uint8Array,
  encoding: "br" | "gzip",
  brotliQuality = 11,
): Promise<Buffer> {
  return encoding === "br"
    ? brotli(raw, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
        },
      })
    : gzipAsync(raw, { level: 9 });
}

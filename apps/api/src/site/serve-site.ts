import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";
import type { Context } from "hono";

/**
 * Serves the built web app (apps/web/build/client) on the local server, following the
 * same rules a CDN is given in production (docs/deploy.md):
 *   /                      → index.html
 *   /pricing (prerendered) → pricing/index.html
 *   /assets/*              → hashed files, cached for a year
 *   /to/:cat/:id           → to/_/_/index.html with 200, the short link's prerendered page
 *                            (the site's frame and a progress bar; the app resolves the link)
 *   /page/:handle          → __spa-fallback.html with 200 (the app loads the data)
 *   anything else unknown  → 302 to /
 * Responses are compressed with brotli or gzip once per file version and kept in memory.
 */

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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
const MIN_COMPRESS_BYTES = 1024;

const IMMUTABLE = "public, max-age=31536000, immutable";
/** HTML and unhashed files: always revalidate (cheap, thanks to the ETag) so deploys show at once. */
const REVALIDATE = "no-cache";

const SPA_FALLBACK = "__spa-fallback.html";
/** The page prerendered for every short link (shortLinkShellPath in apps/web/app/public-routes.ts). */
const SHORT_LINK_SHELL = "to/_/_/index.html";
/** Client-rendered routes and the HTML each is served as: a page of its own, else the fallback. */
const SPA_ROUTES: [RegExp, string[]][] = [
  [/^\/page\/[^/]+\/?$/, [SPA_FALLBACK]],
  [/^\/to\/[^/]+\/[^/]+\/?$/, [SHORT_LINK_SHELL, SPA_FALLBACK]],
];

type Encoding = "br" | "gzip" | "identity";

interface CachedFile {
  mtimeMs: number;
  size: number;
  etag: string;
  type: string;
  bodies: Partial<Record<Encoding, Buffer>>;
}

export interface SiteHandlerOptions {
  /** The build output folder, e.g. apps/web/build/client. */
  root: string;
}

export function createSiteHandler(options: SiteHandlerOptions) {
  const root = path.resolve(options.root);
  const cache = new Map<string, CachedFile>();

  async function load(file: string): Promise<CachedFile | undefined> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(file);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const cached = cache.get(file);
    // A rebuild while the server runs replaces files: re-read when size or mtime changed.
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(file);
    const ext = path.extname(file).toLowerCase();
    const entry: CachedFile = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      type: CONTENT_TYPES[ext] ?? "application/octet-stream",
      bodies: { identity: body },
    };
    cache.set(file, entry);
    return entry;
  }

  async function bodyFor(entry: CachedFile, encoding: Encoding): Promise<Buffer> {
    const existing = entry.bodies[encoding];
    if (existing) return existing;
    const raw = entry.bodies.identity as Buffer;
    const compressed =
      encoding === "br"
        ? await brotli(raw, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
        : await gzipAsync(raw, { level: 9 });
    entry.bodies[encoding] = compressed;
    return compressed;
  }

  /** Maps a URL path to a file inside root, or undefined if it would escape it. */
  function fileFor(urlPath: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0") || decoded.includes("\\")) return undefined;
    if (decoded.split("/").some((segment) => segment === ".." || segment.startsWith("."))) {
      return undefined; // no traversal, no dotfiles
    }
    const file = path.resolve(root, `.${decoded}`);
    return file === root || file.startsWith(`${root}${path.sep}`) ? file : undefined;
  }

  async function send(
    c: Context,
    file: string,
    cacheControl: string,
  ): Promise<Response | undefined> {
    const entry = await load(file);
    if (!entry) return undefined;
    // Security headers (CSP, nosniff, framing…) are added to every answer by
    // security/security-headers.ts, not here.
    const headers: Record<string, string> = {
      "Content-Type": entry.type,
      "Cache-Control": cacheControl,
      ETag: entry.etag,
    };
    const ext = path.extname(file).toLowerCase();
    const compressible = COMPRESSIBLE.has(ext) && entry.size >= MIN_COMPRESS_BYTES;
    if (compressible) headers.Vary = "Accept-Encoding";

    if (ifNoneMatch(c.req.header("If-None-Match"), entry.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const encoding = compressible ? pickEncoding(c.req.header("Accept-Encoding")) : "identity";
    const body = await bodyFor(entry, encoding);
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    headers["Content-Length"] = String(body.length);
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), {
      status: 200,
      headers,
    });
  }

  return async function serveSite(c: Context): Promise<Response> {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" });
    }
    const urlPath = c.req.path;

    if (urlPath.startsWith("/assets/")) {
      const file = fileFor(urlPath);
      const response = file ? await send(c, file, IMMUTABLE) : undefined;
      return response ?? c.text("Not Found", 404, { "Cache-Control": "no-store" });
    }

    const file = fileFor(urlPath);
    if (file) {
      // "/pricing" and "/pricing/" are prerendered as pricing/index.html; "/" is index.html.
      const candidates = path.extname(file)
        ? [file]
        : [path.join(file, "index.html"), `${file}.html`];
      for (const candidate of candidates) {
        const response = await send(c, candidate, REVALIDATE);
        if (response) return response;
      }
    }

    const pages = SPA_ROUTES.find(([route]) => route.test(urlPath))?.[1] ?? [];
    for (const page of pages) {
      const response = await send(c, path.join(root, page), REVALIDATE);
      if (response) return response;
    }

    if (urlPath === "/") {
      return c.text(
        `The web app has not been built yet (no ${path.join(root, "index.html")}).\nRun: npm run build\n`,
        503,
        { "Cache-Control": "no-store" },
      );
    }
    return c.redirect("/", 302);
  };
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

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

import { type Dirent, type FSWatcher, watch } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pageNotFoundPath } from "@bakery/shared/api-contract";
import { attributionCookieForPage } from "@bakery/shared/attribution-record";
import { SHORT_LINK_SHELL_FILE, SPA_FALLBACK_FILE } from "@bakery/shared/build-files";
import { shortLinkProblemPaths } from "@bakery/shared/short-link-outcome";
import type { Context } from "hono";
import {
  compress,
  createEncodingPicker,
  type Encoding,
  etagOf,
  ifNoneMatchMatches,
  MIN_COMPRESS_BYTES,
} from "../http/encoded-body.ts";
import { movedPermanently } from "../http/moved-permanently.ts";

/**
 * Serves the built web app (apps/web/build/client) on the local server, following the
 * same rules a CDN is given in production (docs/deploy.md):
 *   /                      → index.html
 *   /pricing (prerendered) → pricing/index.html
 *   /assets/*              → hashed files, cached for a year
 *   /to/:cat/:id           → to/_/_/index.html with 200, the short link's prerendered page
 *                            (the site's frame and a progress bar; the app resolves the link)
 *   /page/:handle          → __spa-fallback.html with 200 (the app loads the data), where
 *                            content-page-navigation.ts has not answered with the page itself
 *   /page-not-found        → its page with 404, not cached (ERROR_PAGES)
 *   /dashboard             → __spa-fallback.html with 200 (the team's dashboard, never prerendered)
 *   /dashboard/activity    → the same (the team's activity log)
 *   /to/not-found, /to/cannot-open, /to/ended → their pages with 404, not cached (ERROR_PAGES)
 *   anything else unknown  → 302 to /
 * (a browser opening a short link is answered before this handler: a 302 to its target, or
 * its problem page with 404, or 410 for an ended link, through answerPage; short-links/short-link-navigation.ts; and so
 * is a content page's address that has no page or moved: content-page-navigation.ts)
 *
 * A page opened from a campaign link (utm_source) or from another site also gets the visit's
 * attribution cookie (@bakery/shared/attribution-record): set by the server, it outlives the
 * 7 days Safari gives script-written storage.
 *
 * Served from memory at the speed of a bare node:http server: each file is read once, its
 * brotli and gzip forms made once, and the headers of every variant built once; a request
 * looks its path up, picks a variant by Accept-Encoding and answers. The server prepares
 * every file before it starts listening (prepareAll); a rebuild while it runs is noticed by
 * watching the folder, which empties the memory, and files are then prepared on first request.
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

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** HTML and unhashed files: always revalidate (cheap, thanks to the ETag) so deploys show at once. */
export const REVALIDATE = "no-cache";
/** Pages that say something went wrong, and missing files: never kept. */
export const NOT_STORED = "no-store";

const SPA_FALLBACK = SPA_FALLBACK_FILE;
/** The page prerendered for every short link. */
const SHORT_LINK_SHELL = SHORT_LINK_SHELL_FILE;
/**
 * Paths the app renders on the client (answered with 200), written the way static hosts
 * write them, each with the prerendered page that serves it: a page of its own where the
 * build has one, else the SPA fallback. The host configurations (host-configs.ts) are
 * written from this list, so they say exactly what this server does.
 */
export const SPA_ROUTES: readonly { pattern: string; page: string }[] = [
  { pattern: "/page/:handle", page: SPA_FALLBACK },
  { pattern: "/dashboard", page: SPA_FALLBACK },
  { pattern: "/dashboard/activity", page: SPA_FALLBACK },
  { pattern: "/dashboard/pages", page: SPA_FALLBACK },
  { pattern: "/dashboard/pages/:handle", page: SPA_FALLBACK },
  { pattern: "/dashboard/team", page: SPA_FALLBACK },
  { pattern: "/to/:cat/:id", page: SHORT_LINK_SHELL },
];
const SPA_ROUTE_MATCHERS = SPA_ROUTES.map(({ pattern, page }) => ({
  regex: new RegExp(`^${pattern.replace(/:[a-z]+/g, "[^/]+")}/?$`),
  page,
}));
/**
 * Pages that say something went wrong (a short link that doesn't exist or can't be opened, a
 * content page that doesn't exist): answered with 404 wherever they are served, at the
 * address that failed (answerPage) or at their own, so that no link checker or search index
 * takes them for content, and never cached.
 */
export const ERROR_PAGES: readonly string[] = [
  ...Object.values(shortLinkProblemPaths),
  pageNotFoundPath,
];
/**
 * A page's own address when `urlPath` names its file (`/index.html`, `/pricing/index.html`):
 * the app routes by address and knows no page there, so the visitor is sent, in one 301 with
 * the query kept, to the address the page is at. Not for the pages that say something went
 * wrong, which have no app to route and answer 404 at any of their addresses (ERROR_PAGES).
 * The host configurations say the same (host-configs.ts).
 */
function addressOfPageFile(urlPath: string): string | undefined {
  const page = /^(.*?)\/?\/index\.html$/.exec(urlPath)?.[1];
  if (page === undefined || ERROR_PAGES.includes(page)) return undefined;
  return page === "" ? "/" : page;
}

/** The host configurations written into the build (host-configs.ts); never served. */
export const HOST_CONFIG_FILES = new Set(["_headers", "_redirects"]);

/** Whether a decoded site path may name a file: no traversal, no dotfiles, no host config. */
function isServed(sitePath: string): boolean {
  if (HOST_CONFIG_FILES.has(sitePath.slice(1))) return false;
  return !sitePath.split("/").some((segment) => segment === ".." || segment.startsWith("."));
}

/** One way of answering a file: its bytes and every header, ready to send. */
interface Variant {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

interface PreparedFile {
  /** An HTML page: the one kind of answer that may carry the attribution cookie. */
  isPage: boolean;
  /** 404 for the error pages (ERROR_PAGES). */
  status: 200 | 404;
  etag: string;
  /** For 304: the same caching headers, no body. */
  notModified: Record<string, string>;
  variants: Record<Encoding, Variant>;
}

/**
 * The attribution cookie this page request earns, if any. A TLS-ending proxy in front says
 * https in X-Forwarded-Proto; believing a forged one only makes the sender's own cookie
 * https-only.
 */
function attributionCookie(c: Context): string | undefined {
  const url = new URL(c.req.url);
  if (c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim() === "https") url.protocol = "https:";
  return attributionCookieForPage({
    url: url.href,
    referrer: c.req.header("Referer"),
    cookies: c.req.header("Cookie"),
    now: Date.now(),
  });
}

/** A response's ready-made headers, plus the cookie: private, so no shared cache keeps it. */
function withCookie(
  headers: Record<string, string>,
  cookie: string | undefined,
): Record<string, string> {
  if (!cookie) return headers;
  return { ...headers, "Cache-Control": `private, ${REVALIDATE}`, "Set-Cookie": cookie };
}

/**
 * The prerendered page at `pagePath` ("/to/not-found") as the answer to a request at another
 * address, with the page's own status (404 for ERROR_PAGES) or `status` when given (410 for
 * an ended short link); undefined when the build has no such page. It rejects when the page's
 * file can't be read: the caller decides what then (local-app.ts logs it and serves the app).
 */
export type AnswerPage = (
  c: Context,
  pagePath: string,
  status?: 404 | 410,
) => Promise<Response | undefined>;

/** Paths remembered at most; a flood of distinct URLs only costs a re-lookup. */
const MAX_REMEMBERED_PATHS = 2_000;
/** Made pages kept compressed at most (a few hundred KB): one per version of a busy page. */
const MAX_MADE_PAGES = 64;

export interface SiteHandlerOptions {
  /** The build output folder, e.g. apps/web/build/client. */
  root: string;
}

export function createSiteHandler(options: SiteHandlerOptions) {
  const root = path.resolve(options.root);
  const assetsDir = path.join(root, "assets");
  const files = new Map<string, Promise<PreparedFile | undefined>>();
  /** Build files read and never served (buildFile), as bytes. */
  const readOnlyFiles = new Map<string, Promise<Uint8Array | undefined>>();
  const byPath = new Map<string, PreparedFile>();
  const errorPageFiles = new Set(ERROR_PAGES.flatMap(candidatesFor));
  const pickEncoding = createEncodingPicker();
  let watcher: FSWatcher | undefined;

  /** Forget everything when the build changes (npm run build while the server runs). */
  function watchForRebuilds() {
    if (watcher) return;
    try {
      watcher = watch(root, { recursive: true }, () => {
        files.clear();
        byPath.clear();
        readOnlyFiles.clear();
      });
      watcher.on("error", () => {});
      // Never keeps the process alive on its own.
      watcher.unref();
    } catch {
      // No build folder yet: nothing to forget.
    }
  }

  async function prepare(file: string): Promise<PreparedFile | undefined> {
    try {
      if (!(await stat(file)).isFile()) return undefined;
    } catch {
      return undefined;
    }
    const status = errorPageFiles.has(file) ? 404 : 200;
    return prepareBytes(new Uint8Array(await readFile(file)), {
      ext: path.extname(file).toLowerCase(),
      status,
      cacheControl: file.startsWith(`${assetsDir}${path.sep}`)
        ? IMMUTABLE
        : status === 200
          ? REVALIDATE
          : // What a link's address leads to may change: the next visit asks again.
            NOT_STORED,
    });
  }

  /** A file's or a made page's answers, in each encoding, with their headers. */
  async function prepareBytes(
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

  function load(file: string): Promise<PreparedFile | undefined> {
    watchForRebuilds();
    const known = files.get(file);
    if (known) return known;
    const prepared = prepare(file);
    files.set(file, prepared);
    // A read that failed (a file being replaced, a full disk) is tried again next time.
    prepared.catch(() => {
      if (files.get(file) === prepared) files.delete(file);
    });
    return prepared;
  }

  /** Maps a URL path to a file inside root, or undefined if it would escape it. */
  function fileFor(urlPath: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0") || decoded.includes("\\") || !isServed(decoded)) return undefined;
    const file = path.resolve(root, `.${decoded}`);
    return file === root || file.startsWith(`${root}${path.sep}`) ? file : undefined;
  }

  /** The files that may answer `urlPath`, in order: "/pricing" and "/pricing/" are pricing/index.html. */
  function candidatesFor(urlPath: string): string[] {
    const file = fileFor(urlPath);
    if (!file) return [];
    return path.extname(file) ? [file] : [path.join(file, "index.html"), `${file}.html`];
  }

  /** A file's answer, with its status (404 for the error pages). */
  function answer(c: Context, prepared: PreparedFile, statusOverride?: 404 | 410): Response {
    // Security headers (CSP, nosniff, framing…) and the request id are already on the
    // context (security/security-headers.ts): c.body keeps them without copying a response.
    const status = statusOverride ?? prepared.status;
    const cookie = prepared.isPage ? attributionCookie(c) : undefined;
    if (status === 200 && ifNoneMatchMatches(c.req.header("If-None-Match"), prepared.etag)) {
      return c.body(null, 304, withCookie(prepared.notModified, cookie));
    }
    const variant = prepared.variants[pickEncoding(c.req.header("Accept-Encoding"))];
    const headers = withCookie(variant.headers, cookie);
    if (c.req.method === "HEAD") return c.body(null, status, headers);
    return c.body(variant.body, status, headers);
  }

  /** Finds the file for a path (and remembers it), trying each candidate in order. */
  async function lookUp(urlPath: string, candidates: string[]): Promise<PreparedFile | undefined> {
    for (const candidate of candidates) {
      const prepared = await load(candidate);
      if (!prepared) continue;
      if (byPath.size >= MAX_REMEMBERED_PATHS) byPath.clear();
      byPath.set(urlPath, prepared);
      return prepared;
    }
    return undefined;
  }

  /**
   * Reads and compresses every file of the build now (~1 s of CPU for the whole site), so
   * the first visits after a start do not wait while their scripts are compressed at
   * brotli's highest level. A build folder that is missing or changes later is handled as
   * before: files are prepared on their first request.
   */
  async function prepareAll(): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(root, { withFileTypes: true, recursive: true });
    } catch {
      return;
    }
    await Promise.all(
      entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => isServed(`/${path.relative(root, file).split(path.sep).join("/")}`))
        .map((file) => load(file)),
    );
  }

  /** Pages made per request (content pages filled in), by ETag: each version compressed once. */
  const madePages = new Map<string, Promise<PreparedFile>>();

  /**
   * A page made from data (a content page filled in from the database, madePage), answered as
   * the build's pages are: 200, revalidated (ETag, 304), compressed, with the visit's
   * attribution cookie.
   */
  async function answerMadePage(c: Context, { bytes, etag }: MadePage): Promise<Response> {
    let prepared = madePages.get(etag);
    if (!prepared) {
      if (madePages.size >= MAX_MADE_PAGES) madePages.clear();
      // Quality 9: made on demand, like the API's content pages (routes/content-pages.ts).
      const made = prepareBytes(bytes, {
        ext: ".html",
        status: 200,
        cacheControl: REVALIDATE,
        brotliQuality: 9,
        etag,
      });
      made.catch(() => {
        if (madePages.get(etag) === made) madePages.delete(etag);
      });
      madePages.set(etag, made);
      prepared = made;
    }
    return answer(c, await prepared);
  }

  /**
   * A file of the build that is read, never served (a dot file such as the content page's
   * template), as bytes: read once, never compressed; undefined when the build has none.
   * Forgotten on a rebuild like every file.
   */
  function buildFile(name: string): Promise<Uint8Array | undefined> {
    watchForRebuilds();
    let read = readOnlyFiles.get(name);
    if (!read) {
      const reading = readFile(path.join(root, name)).then(
        (bytes) => new Uint8Array(bytes),
        (error: NodeJS.ErrnoException) => {
          if (error.code === "ENOENT") return undefined;
          // Tried again next time (a file being replaced, a full disk).
          if (readOnlyFiles.get(name) === reading) readOnlyFiles.delete(name);
          throw error;
        },
      );
      readOnlyFiles.set(name, reading);
      read = reading;
    }
    return read;
  }

  const answerPage: AnswerPage = async (c, pagePath, status) => {
    const prepared = byPath.get(pagePath) ?? (await lookUp(pagePath, candidatesFor(pagePath)));
    return prepared ? answer(c, prepared, status) : undefined;
  };

  async function serveSite(c: Context): Promise<Response> {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" });
    }
    const urlPath = c.req.path;
    // The pages already answered come first: they never name a page's file (that is sent on
    // below, before any lookup could remember it), and they are nearly every request.
    const known = byPath.get(urlPath);
    if (known) return answer(c, known);
    const pageAddress = addressOfPageFile(urlPath);
    if (pageAddress !== undefined) return movedPermanently(c, pageAddress);

    if (urlPath.startsWith("/assets/")) {
      const file = fileFor(urlPath);
      const prepared = file ? await lookUp(urlPath, [file]) : undefined;
      return prepared
        ? answer(c, prepared)
        : c.text("Not Found", 404, { "Cache-Control": NOT_STORED });
    }

    const candidates = candidatesFor(urlPath);
    const spaPage = SPA_ROUTE_MATCHERS.find(({ regex }) => regex.test(urlPath))?.page;
    // A build without the route's own page still answers with the SPA fallback.
    if (spaPage) candidates.push(path.join(root, spaPage), path.join(root, SPA_FALLBACK));
    const prepared = await lookUp(urlPath, candidates);
    if (prepared) return answer(c, prepared);

    if (urlPath === "/") {
      return c.text(
        `The web app has not been built yet (no ${path.join(root, "index.html")}).\nRun: npm run build\n`,
        503,
        { "Cache-Control": NOT_STORED },
      );
    }
    // The query goes along: a mistyped campaign link keeps its attribution (utm_*).
    return c.redirect(`/${new URL(c.req.url).search}`, 302);
  }

  return Object.assign(serveSite, { answerPage, answerMadePage, buildFile, prepareAll });
}

export type SiteHandler = ReturnType<typeof createSiteHandler>;

/** A page made from data, as bytes with their ETag: made once, answered many times. */
export type MadePage = { bytes: Uint8Array<ArrayBuffer>; etag: string };

export function madePage(html: string): MadePage {
  const bytes = new TextEncoder().encode(html);
  return { bytes, etag: etagOf(bytes) };
}

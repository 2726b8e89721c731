import { type Dirent, type FSWatcher, watch } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  IMMUTABLE,
  NOT_STORED,
  type PreparedFile,
  prepareBytes,
  REVALIDATE,
} from "./prepared-file.ts";
import { ERROR_PAGES, isServed } from "./site-routes.ts";

/** Paths remembered at most; a flood of distinct URLs only costs a re-lookup. */
const MAX_REMEMBERED_PATHS = 2_000;
/** Made pages kept compressed at most (a few hundred KB): one per version of a busy page. */
const MAX_MADE_PAGES = 64;
/**
 * Files prepareAll reads and compresses at a time: as many as Node's thread pool compresses at
 * once (4 threads by default), so starting more gains nothing. It also keeps the API fast
 * afterwards: with the whole build (a hundred files, two compressions each) in flight at once,
 * the stream write records of those compressions outlived a collection, and V8 took that as
 * a sign that every object made where they are made lives long. From then on it made the same
 * records of every HTTP response in the old generation, which kept each response alive until
 * the next full collection: a 9–12 ms pause every 100 ms and 20–35 % fewer requests a second,
 * in about half of all starts (docs/decisions/0028).
 */
export const PREPARE_AT_ONCE = 4;

/** A page made from data, as bytes with their ETag: made once, answered many times. */
export type MadePage = { bytes: Uint8Array<ArrayBuffer>; etag: string };

/**
 * The build folder held in memory: each file read and compressed once, each URL path remembered
 * with the file that answers it, and pages made from data kept by ETag. Everything is forgotten
 * when the folder changes (npm run build while the server runs).
 */
export class BuildCache {
  readonly root: string;
  readonly #assetsDir: string;
  readonly #files = new Map<string, Promise<PreparedFile | undefined>>();
  /** Build files read and never served (buildFile), as bytes. */
  readonly #readOnlyFiles = new Map<string, Promise<Uint8Array | undefined>>();
  readonly #byPath = new Map<string, PreparedFile>();
  /** Pages made per request (content pages filled in), by ETag: each version compressed once. */
  readonly #madePages = new Map<string, Promise<PreparedFile>>();
  readonly #errorPageFiles: Set<string>;
  #watcher: FSWatcher | undefined;

  constructor(rootFolder: string) {
    this.root = path.resolve(rootFolder);
    this.#assetsDir = path.join(this.root, "assets");
    this.#errorPageFiles = new Set(ERROR_PAGES.flatMap((page) => this.candidatesFor(page)));
  }

  #watchForRebuilds() {
    if (this.#watcher) return;
    try {
      this.#watcher = watch(this.root, { recursive: true }, () => {
        this.#files.clear();
        this.#byPath.clear();
        this.#readOnlyFiles.clear();
      });
      this.#watcher.on("error", () => {});
      // Never keeps the process alive on its own.
      this.#watcher.unref();
    } catch {
      // No build folder yet: nothing to forget.
    }
  }

  /** The file already known to answer `urlPath`, if any. */
  remembered(urlPath: string): PreparedFile | undefined {
    return this.#byPath.get(urlPath);
  }

  /** Maps a URL path to a file inside root, or undefined if it would escape it. */
  fileFor(urlPath: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    if (decoded.includes("\0") || decoded.includes("\\") || !isServed(decoded)) return undefined;
    const file = path.resolve(this.root, `.${decoded}`);
    return file === this.root || file.startsWith(`${this.root}${path.sep}`) ? file : undefined;
  }

  /** The files that may answer `urlPath`, in order: "/pricing" and "/pricing/" are pricing/index.html. */
  candidatesFor(urlPath: string): string[] {
    const file = this.fileFor(urlPath);
    if (!file) return [];
    return path.extname(file) ? [file] : [path.join(file, "index.html"), `${file}.html`];
  }

  async #prepare(file: string): Promise<PreparedFile | undefined> {
    try {
      if (!(await stat(file)).isFile()) return undefined;
    } catch {
      return undefined;
    }
    const status = this.#errorPageFiles.has(file) ? 404 : 200;
    return prepareBytes(new Uint8Array(await readFile(file)), {
      ext: path.extname(file).toLowerCase(),
      status,
      cacheControl: file.startsWith(`${this.#assetsDir}${path.sep}`)
        ? IMMUTABLE
        : status === 200
          ? REVALIDATE
          : // What a link's address leads to may change: the next visit asks again.
            NOT_STORED,
    });
  }

  #load(file: string): Promise<PreparedFile | undefined> {
    this.#watchForRebuilds();
    const known = this.#files.get(file);
    if (known) return known;
    const prepared = this.#prepare(file);
    this.#files.set(file, prepared);
    // A read that failed (a file being replaced, a full disk) is tried again next time.
    prepared.catch(() => {
      if (this.#files.get(file) === prepared) this.#files.delete(file);
    });
    return prepared;
  }

  /** Finds the file for a path (and remembers it), trying each candidate in order. */
  async lookUp(urlPath: string, candidates: string[]): Promise<PreparedFile | undefined> {
    for (const candidate of candidates) {
      const prepared = await this.#load(candidate);
      if (!prepared) continue;
      if (this.#byPath.size >= MAX_REMEMBERED_PATHS) this.#byPath.clear();
      this.#byPath.set(urlPath, prepared);
      return prepared;
    }
    return undefined;
  }

  /**
   * Reads and compresses every file of the build now, so the first visits after a start do
   * not wait while their scripts are compressed at brotli's highest level. A build folder that
   * is missing or changes later is handled as before: files are prepared on first request.
   *
   * PREPARE_AT_ONCE files at a time, not all at once: see that constant for why.
   */
  async prepareAll(): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(this.root, { withFileTypes: true, recursive: true });
    } catch {
      return;
    }
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => isServed(`/${path.relative(this.root, file).split(path.sep).join("/")}`));
    let next = 0;
    const prepareInTurn = async () => {
      while (next < files.length) await this.#load(files[next++] as string);
    };
    await Promise.all(Array.from({ length: PREPARE_AT_ONCE }, prepareInTurn));
  }

  /** A page made from data, prepared like the build's pages: 200, revalidated, compressed. */
  preparedMadePage({ bytes, etag }: MadePage): Promise<PreparedFile> {
    const known = this.#madePages.get(etag);
    if (known) return known;
    if (this.#madePages.size >= MAX_MADE_PAGES) this.#madePages.clear();
    // Quality 9: made on demand, like the API's content pages (content-pages/content-page-routes.ts).
    const made = prepareBytes(bytes, {
      ext: ".html",
      status: 200,
      cacheControl: REVALIDATE,
      brotliQuality: 9,
      etag,
    });
    made.catch(() => {
      if (this.#madePages.get(etag) === made) this.#madePages.delete(etag);
    });
    this.#madePages.set(etag, made);
    return made;
  }

  /**
   * A file of the build that is read, never served (a dot file such as the content page's
   * template), as bytes: read once, never compressed; undefined when the build has none.
   */
  buildFile(name: string): Promise<Uint8Array | undefined> {
    this.#watchForRebuilds();
    const known = this.#readOnlyFiles.get(name);
    if (known) return known;
    const reading = readFile(path.join(this.root, name)).then(
      (bytes) => new Uint8Array(bytes),
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        // Tried again next time (a file being replaced, a full disk).
        if (this.#readOnlyFiles.get(name) === reading) this.#readOnlyFiles.delete(name);
        throw error;
      },
    );
    this.#readOnlyFiles.set(name, reading);
    return reading;
  }
}

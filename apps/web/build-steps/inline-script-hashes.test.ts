import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CSP_HASHES_FILE,
  inlineScriptHashes,
  writeInlineScriptHashes,
} from "./inline-script-hashes.ts";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("inlineScriptHashes", () => {
  it("hashes classic and module inline scripts exactly as written", () => {
    const html = `<script>window.a = 1;</script><script type="module" async="">import "/x.js";</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha256("window.a = 1;"), sha256('import "/x.js";')]);
  });

  it("skips external scripts, data blocks and empty scripts, which CSP hashes do not cover", () => {
    const html = [
      '<script src="/assets/app.js"></script>',
      '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
      '<script type="application/json">{}</script>',
      '<script id="_R_">requestAnimationFrame(f)</script>',
      // No text: the browser never runs it, nor asks the policy about it.
      '<script type="module" async=""></script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha256("requestAnimationFrame(f)")]);
  });

  it("hashes import maps, which the policy checks like scripts", () => {
    const map = '{"integrity":{"/assets/a.js":"sha384-x"}}';
    expect(inlineScriptHashes(`<script type="importmap" rr-importmap="">${map}</script>`)).toEqual([
      sha256(map),
    ]);
  });

  it("hashes CRLF line ends as the browser sees them (LF)", () => {
    expect(inlineScriptHashes("<script>a;\r\nb;</script>")).toEqual([sha256("a;\nb;")]);
  });
});

describe("writeInlineScriptHashes", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("collects the hashes of every page, once each", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "csp-hashes-"));
    const pages = [
      "<script>shared()</script><script>home()</script>",
      "<script>shared()</script>",
      "<script>fallback()</script>",
    ];
    const result = await writeInlineScriptHashes(dir, pages);
    const expected = [sha256("shared()"), sha256("home()"), sha256("fallback()")].sort();
    expect(result.scriptHashes).toEqual(expected);
    expect(JSON.parse(readFileSync(path.join(dir, CSP_HASHES_FILE), "utf8"))).toEqual({
      scriptHashes: expected,
    });
  });
});

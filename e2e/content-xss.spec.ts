import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAdmin } from "./support/admin-cli.ts";
import { e2eOrigin } from "./support/e2e-env.ts";
import { expect, test } from "./support/fixtures.ts";
import { waitForQueuedPageWork } from "./support/queued-page-work.ts";

/**
 * The XSS corpus (e2e/fixtures/xss-payloads.txt) stored as content pages through
 * the operator CLI, as an operator would (so through the server's sanitizer), then
 * shown in a real browser (through DOMPurify, under the site's CSP) with traps
 * set: nothing may run, and the automatic CSP fixture fails the test if anything
 * even tried. The sanitizer's own test is packages/content/src/render-page.xss.test.ts.
 */

const payloads = readFileSync(join(import.meta.dirname, "fixtures/xss-payloads.txt"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "" && !line.startsWith("#"));

const PAYLOADS_PER_PAGE = 20;
const pages = Array.from({ length: Math.ceil(payloads.length / PAYLOADS_PER_PAGE) }, (_, index) =>
  payloads.slice(index * PAYLOADS_PER_PAGE, (index + 1) * PAYLOADS_PER_PAGE),
);

// Closes whatever raw-text or foreign context a payload left open, so the next
// payload on the same page is parsed on its own.
const separator =
  "--></textarea></title></xmp></noembed></noframes></noscript></iframe></style></script></template></svg></math>";

type TrappedWindow = Window & { __xssHits?: string[] };

// One browser is enough: what runs does not depend on the screen size.
test.skip(({ isMobile }) => isMobile, "desktop only");

test.describe("content pages hold the XSS corpus harmlessly", () => {
  // In order, in one worker, after the pages are stored once.
  test.describe.configure({ mode: "default" });

  test.beforeAll(async () => {
    // One operator CLI run per page: seconds each on a busy machine.
    test.setTimeout(120_000);
    const dir = mkdtempSync(join(tmpdir(), "e2e-xss-"));
    for (const [index, chunk] of pages.entries()) {
      const file = join(dir, `xss-${index + 1}.html`);
      writeFileSync(
        file,
        [`<p>XSS corpus page ${index + 1}</p>`, ...chunk].join(`\n${separator}\n`),
      );
      await runAdmin("pages", "put", `xss-${index + 1}`, file, "--title", `XSS ${index + 1}`);
    }
  });

  for (const [index, chunk] of pages.entries()) {
    const handle = `xss-${index + 1}`;
    test(`/page/${handle} (${chunk.length} payloads) runs none of them`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      // In every frame, before any page script: each way a payload reports success.
      await page.addInitScript(() => {
        const trapped = window as unknown as TrappedWindow & Record<string, unknown>;
        trapped.__xssHits = [];
        for (const name of ["alert", "confirm", "prompt", "print", "__xss"]) {
          trapped[name] = (...args: unknown[]) => {
            // A payload in a frame may call its parent's functions.
            (window.top as TrappedWindow | null)?.__xssHits?.push(`${name}(${args.join(",")})`);
            trapped.__xssHits?.push(`${name}(${args.join(",")})`);
          };
        }
      });

      await page.goto(`/page/${handle}`);
      const content = page.getByTestId("content-html");
      await expect(content).toContainText(`XSS corpus page ${index + 1}`);
      // Let onerror/onload handlers, animations, meta refreshes and frames have their turn.
      await waitForQueuedPageWork(page);

      expect(await page.evaluate(() => (window as TrappedWindow).__xssHits)).toEqual([]);
      expect(dialogs).toEqual([]);
      await expect(page).toHaveURL(`${e2eOrigin}/page/${handle}`);
      expect(await page.evaluate(() => document.baseURI)).toBe(`${e2eOrigin}/page/${handle}`);

      const found = await content.evaluate((root) => {
        const problems: string[] = [];
        const active =
          "script, iframe, frame, object, embed, svg, math, style, link, meta, base, form, input, button, textarea, select, img, video, audio, source, template, portal, applet";
        for (const element of root.querySelectorAll(active)) {
          problems.push(`element <${element.localName}>`);
        }
        for (const element of root.querySelectorAll("*")) {
          for (const attribute of element.attributes) {
            if (
              /^on|^(style|src|srcdoc|srcset|formaction|action|xlink:href)$/i.test(attribute.name)
            )
              problems.push(`attribute ${attribute.name} on <${element.localName}>`);
          }
        }
        for (const link of root.querySelectorAll("a[href]")) {
          if (
            !["http:", "https:", "mailto:", "tel:"].includes((link as HTMLAnchorElement).protocol)
          )
            problems.push(`link to ${link.getAttribute("href")}`);
        }
        return problems;
      });
      expect(found).toEqual([]);

      // Hover, focus and animate everything: a handler that slipped through would fire now.
      await content.evaluate((root) => {
        for (const element of root.querySelectorAll("*")) {
          for (const type of ["mouseover", "mouseenter", "focus", "focusin", "animationstart"]) {
            element.dispatchEvent(new Event(type, { bubbles: true }));
          }
        }
      });
      expect(await page.evaluate(() => (window as TrappedWindow).__xssHits)).toEqual([]);
    });
  }
});

import { hostname } from "node:os";
import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEntries, contentPageRevisions } from "../db/schema.ts";
import { inProcessCli } from "../test-support/in-process-cli.ts";

/**
 * `rise-admin pages put/move/rm` write through the page editor's own functions: each change is
 * in the activity log as "CLI on <host>", put keeps the file as written and a revision of it,
 * and a dry run records nothing.
 */

const { cli, read, file } = inProcessCli("pages-activity");

const stored = () =>
  read(async (db) => ({
    entries: await db.select().from(activityEntries).orderBy(asc(activityEntries.id)),
    revisions: await db.select().from(contentPageRevisions).orderBy(asc(contentPageRevisions.id)),
  }));

describe("the CLI's page commands in the activity log and the page history", () => {
  it("records pages put, move and rm as the CLI on this host, and a dry run not at all", async () => {
    const cliOnThisHost = { actorUid: null, actor: `CLI on ${hostname()}` };
    const source = "## About {{COMPANY_NAME}}\n\nWe bake.";
    const put = await cli("pages", "put", "about", file("about.md", source), "--title", "About");
    expect(put.code, put.printed).toBe(0);
    expect(put.printed).toMatch(
      /\nSaved page "about" \(\d+ characters of HTML\), shown at \/page\/about$/,
    );
    const afterPut = await stored();
    expect(afterPut.entries).toEqual([
      expect.objectContaining({
        ...cliOnThisHost,
        kind: "page.created",
        subject: "about",
        before: null,
        after: { handle: "about", title: "About", subtitle: "", format: "markdown", source },
      }),
    ]);
    expect(afterPut.revisions).toEqual([
      expect.objectContaining({
        handle: "about",
        ...cliOnThisHost,
        format: "markdown",
        source,
        html: "<h2>About Test Bakery Co.</h2>\n<p>We bake.</p>",
      }),
    ]);
    const shown = await cli("pages", "show", "about", "--source");
    expect(shown.printed).toContain("Format:   markdown");
    expect(shown.printed).toContain(source);

    const html = file("about.html", "<p>We bake bread.</p>");
    expect((await cli("pages", "put", "about", html, "--title", "About", "--dry-run")).code).toBe(
      0,
    );
    expect((await stored()).entries).toHaveLength(1);

    expect((await cli("pages", "put", "about", html, "--title", "About us")).code).toBe(0);
    expect((await cli("pages", "move", "about", "about-us")).code).toBe(0);
    expect((await cli("pages", "rm", "about-us", "--yes")).code).toBe(0);
    const { entries, revisions } = await stored();
    const [, updated, moved, deleted] = entries;
    expect(updated).toMatchObject({
      ...cliOnThisHost,
      kind: "page.updated",
      before: { title: "About", format: "markdown" },
      after: { title: "About us", format: "html", source: "<p>We bake bread.</p>" },
    });
    expect(moved).toMatchObject({
      ...cliOnThisHost,
      kind: "page.renamed",
      subject: "about",
      after: { handle: "about-us" },
    });
    expect(deleted).toMatchObject({
      ...cliOnThisHost,
      kind: "page.deleted",
      subject: "about-us",
      before: { handle: "about-us", title: "About us" },
      after: null,
    });
    // The saves and the rename, kept (as a deleted page's) under the handle it had last.
    expect(revisions.map((revision) => [revision.handle, revision.title])).toEqual([
      ["about-us", "About"],
      ["about-us", "About us"],
      ["about-us", "About us"],
    ]);
    expect(revisions.every((revision) => revision.deletedAt !== null)).toBe(true);

    // A command that fails records nothing, and says so as it always has.
    const move = await cli("pages", "move", "gone", "elsewhere");
    expect(move.code).toBe(1);
    expect(move.printed).toContain('no page "gone"');
    expect((await stored()).entries).toHaveLength(4);
  });
});

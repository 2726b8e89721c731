import { hostname } from "node:os";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activityEntries, shortLinks } from "../db/schema.ts";
import { MAX_SHORT_LINKS } from "../short-links/short-link-queries.ts";
import { inProcessCli } from "../test-support/in-process-cli.ts";

/**
 * `rise-admin links put/move/rm` record their changes in the activity log as "CLI on <host>",
 * each in the transaction of its change (a dry run records nothing).
 */

const { cli, read } = inProcessCli("links-activity");

const entries = () =>
  read((db) => db.select().from(activityEntries).orderBy(asc(activityEntries.id)));

describe("the CLI's link commands in the activity log", () => {
  it("records links put, move and rm as the CLI on this host, and a dry run not at all", async () => {
    const put = await cli("links", "put", "promo", "spring", "/book-demo", "--utm-source", "sms");
    expect(put.code, put.printed).toBe(0);
    const [created, ...others] = await entries();
    expect(others).toEqual([]);
    expect(created).toMatchObject({
      actorUid: null,
      actor: `CLI on ${hostname()}`,
      kind: "link.created",
      subject: "promo/spring",
      before: null,
      after: {
        link: "promo/spring",
        destination: "/book-demo",
        target: "/book-demo?utm_source=sms",
        utm: { source: "sms", medium: null, campaign: null, content: null, term: null },
        signInRequired: false,
        expiresAt: null,
        fallback: null,
      },
    });

    expect((await cli("links", "put", "promo", "spring", "/pricing", "--dry-run")).code).toBe(0);
    expect(await entries()).toHaveLength(1);

    expect((await cli("links", "put", "promo", "spring", "/pricing")).code).toBe(0);
    expect((await cli("links", "move", "promo", "spring", "promo", "summer")).code).toBe(0);
    expect((await cli("links", "rm", "promo", "summer", "--yes")).code).toBe(0);
    const [, updated, moved, deleted] = await entries();
    expect(updated).toMatchObject({
      kind: "link.updated",
      before: { target: "/book-demo?utm_source=sms" },
      after: { target: "/pricing" },
    });
    expect(moved).toMatchObject({
      kind: "link.moved",
      subject: "promo/spring",
      before: { link: "promo/spring" },
      after: { link: "promo/summer", target: "/pricing" },
    });
    expect(deleted).toMatchObject({
      kind: "link.deleted",
      subject: "promo/summer",
      before: { target: "/pricing" },
      after: null,
    });

    // A command that fails records nothing.
    expect((await cli("links", "move", "promo", "gone", "promo", "elsewhere")).code).toBe(1);
    expect(await entries()).toHaveLength(4);
  });

  it("puts a link with campaign content and term, an expiry and a fallback, by the editor's rules", async () => {
    const put = await cli(
      "links",
      "put",
      "promo",
      "flyer",
      "/book-demo",
      ...["--utm-source", "flyer", "--utm-medium", "print", "--utm-campaign", "spring"],
      ...["--utm-content", "back-page", "--utm-term", "cakes"],
      ...["--expires", "2026-06-30T23:59:00+02:00", "--fallback", "/pricing"],
    );
    expect(put.code, put.printed).toBe(0);
    expect(put.printed).toMatch(
      /Created https:\/\/www\.example\.com\/to\/promo\/flyer → \/book-demo\?utm_source=flyer&utm_medium=print&utm_campaign=spring&utm_content=back-page&utm_term=cakes, until 2026-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d, then → \/pricing/,
    );
    const created = (await entries()).at(-1);
    expect(created).toMatchObject({
      kind: "link.created",
      subject: "promo/flyer",
      after: {
        utm: {
          source: "flyer",
          medium: "print",
          campaign: "spring",
          content: "back-page",
          term: "cakes",
        },
        expiresAt: "2026-06-30T21:59:00.000Z",
        fallback: "/pricing",
      },
    });
    const ended = await cli(
      "links",
      "put",
      "promo",
      "ended",
      "/pricing",
      "--expires",
      "2026-01-01T00:00:00Z",
    );
    expect(ended.printed).toContain("then says it has ended");
  });

  it("refuses an expiry or fallback the editor would refuse, in the CLI's words, writing nothing", async () => {
    const before = (await entries()).length;
    const refusals: Array<[string[], string]> = [
      [
        ["--fallback", "/pricing"],
        "error: --fallback: is only used once the link has expired: set --expires too, or leave it out",
      ],
      [["--expires", "next week"], "error: --expires: must be a date and time with its offset"],
      [
        ["--expires", "2026-06-30T23:59:00"],
        "error: --expires: must be a date and time with its offset",
      ],
      [
        ["--expires", "2026-06-30T23:59:00Z", "--fallback", "https://evil.com/"],
        "error: --fallback: ",
      ],
      [["--utm-term", "spring sale"], "error: target refused: utm_term may contain only"],
    ];
    for (const [options, message] of refusals) {
      const refused = await cli("links", "put", "promo", "refused", "/book-demo", ...options);
      expect(refused.code, options.join(" ")).toBe(2);
      expect(refused.printed).toContain(message);
    }
    expect(await entries()).toHaveLength(before);

    const help = await cli("help", "links", "put");
    for (const option of [
      "--utm-content <C>",
      "--utm-term <T>",
      "--expires <DATE-TIME>",
      "--fallback <ADDRESS>",
    ]) {
      expect(help.printed).toContain(option);
    }
  });

  it("refuses a new link past the most the team can have, as the editor does, and still replaces one", async () => {
    const existing = await read(async (db) => {
      const rows = await db.select({ id: shortLinks.id }).from(shortLinks);
      await db.insert(shortLinks).values(
        Array.from({ length: MAX_SHORT_LINKS - rows.length }, (_, i) => ({
          cat: "bulk",
          id: `link-${i}`,
          target: "/pricing",
        })),
      );
      return rows.length;
    });
    expect(existing).toBeLessThan(MAX_SHORT_LINKS);
    const before = (await entries()).length;
    const refused = await cli("links", "put", "promo", "one-more", "/book-demo");
    expect(refused.code).toBe(1);
    expect(refused.printed).toContain(
      "error: There are 1,000 short links already, the most the team can have: delete links no longer in use, then make this one.",
    );
    expect((await cli("links", "put", "bulk", "link-0", "/book-demo")).code).toBe(0);
    expect(await entries()).toHaveLength(before + 1);
    await read((db) => db.delete(shortLinks).where(eq(shortLinks.cat, "bulk")));
  });
});

import { ACTIVITY_PAGE_SIZE, activityPageSchema } from "@bakery/shared/admin-activity-contract";
import { adminShortLinkSchema, type ShortLinkWrite } from "@bakery/shared/admin-links-contract";
import { describe, expect, it } from "vitest";
import { recordActivity } from "../activity/record-activity.ts";
import { ADMIN_WRITES_PER_MINUTE } from "../auth/back-office-guards.ts";
import { activityEntries, shortLinks } from "../db/schema.ts";
import {
  backOfficeClient,
  expectOperatorsOnly,
  revisionedAnswer,
} from "../test-support/back-office-client.ts";
import { expectApiError } from "../test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "../test-support/fresh-per-test.ts";
import { connectionsWaitingForLocks, holdTransaction } from "../test-support/held-transaction.ts";
import { ann, bob, seedBackOfficeAccounts } from "../test-support/operator-accounts.ts";
import { testBackends } from "../test-support/test-database.ts";
import { stopRateLimitClock } from "../test-support/test-server.ts";
import { saveShortLink } from "./edit-short-link.ts";
import { createShortLink, findShortLink, MAX_SHORT_LINKS } from "./short-link-queries.ts";

/**
 * The back office's short-link editor over HTTP: operators read, create, replace and delete
 * links, each write in one transaction with its activity entry, and a stale version is refused
 * with the person who changed it named.
 */

const spring: ShortLinkWrite = {
  destination: "/book-demo",
  utm: { source: "sms", medium: "text", campaign: "spring", content: "top" },
};

describe.each(testBackends({ postgresDatabase: "short_link_admin" }))(
  "the short-link editor against $name",
  ({ name, open }) => {
    const fresh = freshTestServerPerTest(open, { seed: seedBackOfficeAccounts });
    const { call, activity } = backOfficeClient(() => fresh.server.url);
    const put = (path: string, body: unknown, headers: Record<string, string> = {}, token = ann) =>
      call("PUT", `/admin/links/${path}`, { body, headers, token });
    const linkOf = revisionedAnswer(adminShortLinkSchema);
    const entryCount = async () => (await fresh.handle.db.select().from(activityEntries)).length;

    it("creates, reads, replaces and deletes a link, each with one activity entry", async () => {
      const created = await linkOf(
        await put("Promo/Spring", spring, { "If-None-Match": "*" }),
        201,
      );
      expect(created).toMatchObject({
        cat: "promo",
        id: "spring",
        shortLink: "https://www.example.com/to/promo/spring",
        destination: "/book-demo",
        target: "/book-demo?utm_source=sms&utm_medium=text&utm_campaign=spring&utm_content=top",
        utm: { source: "sms", medium: "text", campaign: "spring", content: "top", term: null },
        expiresAt: null,
        fallback: null,
        signInRequired: false,
        clicks: 0,
      });

      const read = await linkOf(await call("GET", "/admin/links/promo/spring"));
      expect(read).toEqual(created);

      const replaced = await linkOf(
        await put(
          "promo/spring",
          { ...spring, destination: "/pricing", signInRequired: true },
          { "If-Match": `"${read.revision}"` },
        ),
      );
      expect(replaced.target).toMatch(/^\/pricing\?utm_source=sms&/);
      expect(replaced.signInRequired).toBe(true);
      expect(replaced.revision).not.toBe(read.revision);

      const deleted = await call("DELETE", "/admin/links/promo/spring", {
        headers: { "If-Match": replaced.revision },
      });
      expect(deleted.status).toBe(204);
      await expectApiError(await call("GET", "/admin/links/promo/spring"), 404, "not_found");

      const [deletion, update, creation, ...rest] = await activity();
      expect(rest).toEqual([]);
      const byAnn = { uid: "op-1", name: "ann@example.com" };
      expect(creation).toMatchObject({
        kind: "link.created",
        subject: "promo/spring",
        actor: byAnn,
      });
      expect(creation?.before).toBeNull();
      expect(creation?.after).toMatchObject({ link: "promo/spring", destination: "/book-demo" });
      expect(update).toMatchObject({ kind: "link.updated", actor: byAnn });
      expect(update?.before).toMatchObject({ destination: "/book-demo", signInRequired: false });
      expect(update?.after).toMatchObject({ destination: "/pricing", signInRequired: true });
      expect(deletion).toMatchObject({ kind: "link.deleted", actor: byAnn, after: null });
      expect(deletion?.before).toMatchObject({ destination: "/pricing" });
      // Newest first.
      expect((deletion?.id ?? 0) > (update?.id ?? 0)).toBe(true);
      expect((update?.id ?? 0) > (creation?.id ?? 0)).toBe(true);
    });

    it("refuses a stale revision with 412 naming who changed the link and when", async () => {
      const opened = await linkOf(await put("promo/spring", spring), 201);
      const bobs = await linkOf(
        await put(
          "promo/spring",
          { ...spring, destination: "/pricing" },
          { "If-Match": opened.revision },
          bob,
        ),
      );
      const day = bobs.updatedAt.slice(0, 10);
      const entries = await entryCount();

      const stale = await expectApiError(
        await put(
          "promo/spring",
          { ...spring, destination: "/signup" },
          { "If-Match": opened.revision },
        ),
        412,
        "precondition_failed",
      );
      expect(stale.error.message).toContain("promo/spring was changed by bob@example.com on");
      expect(stale.error.message).toContain(day);
      const staleDelete = await expectApiError(
        await call("DELETE", "/admin/links/promo/spring", {
          headers: { "If-Match": opened.revision },
        }),
        412,
        "precondition_failed",
      );
      expect(staleDelete.error.message).toContain("bob@example.com");

      // Nothing was written, nor recorded.
      expect((await findShortLink(fresh.handle.db, "promo", "spring"))?.target).toMatch(
        /^\/pricing/,
      );
      expect(await entryCount()).toBe(entries);

      // Deleted meanwhile: the editor is told so, and by whom.
      await call("DELETE", "/admin/links/promo/spring", {
        headers: { "If-Match": bobs.revision },
        token: bob,
      });
      const gone = await expectApiError(
        await put("promo/spring", spring, { "If-Match": bobs.revision }),
        412,
        "precondition_failed",
      );
      expect(gone.error.message).toMatch(
        /no link promo\/spring any more: it was deleted by bob@example\.com on \d{4}-\d\d-\d\d at \d\d:\d\d UTC/,
      );
    });

    it("asks before replacing: If-None-Match: * on an existing link is 412, no condition 409", async () => {
      await linkOf(await put("promo/spring", spring, { "If-None-Match": "*" }), 201);
      const exists = await expectApiError(
        await put("promo/spring", { destination: "/pricing" }, { "If-None-Match": "*" }, bob),
        412,
        "precondition_failed",
      );
      expect(exists.error.message).toMatch(
        /^A link promo\/spring already exists \(made by ann@example\.com on /,
      );
      const unconditional = await expectApiError(
        await put("promo/spring", { destination: "/pricing" }),
        409,
        "conflict",
      );
      expect(unconditional.error.message).toContain("If-Match");
      await expectApiError(
        await call("DELETE", "/admin/links/promo/spring"),
        428,
        "precondition_required",
      );
      expect((await findShortLink(fresh.handle.db, "promo", "spring"))?.target).toMatch(
        /^\/book-demo/,
      );
      expect(await entryCount()).toBe(1);
    });

    it("creates a link once when two editors create it at the same moment", async () => {
      const answers = await Promise.all(
        [ann, bob].map((token) => put("promo/twice", spring, { "If-None-Match": "*" }, token)),
      );
      expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 412]);
      expect(await entryCount()).toBe(1);
    });

    // Only a server with several connections can hold one create open while another starts.
    it.runIf(name === "postgres")(
      "refuses a create that a concurrent one beat to it after the lock found nothing",
      async () => {
        const link = { cat: "promo", id: "race", target: "/pricing", signInRequired: false };
        const first = await holdTransaction(fresh.handle.db, (tx) => createShortLink(tx, link));
        const second = saveShortLink(
          fresh.handle.db,
          { kind: "account", uid: "op-2", email: "bob@example.com" },
          link,
          { ifMatch: undefined, ifNoneMatch: ["*"] },
        ).catch((error: unknown) => error);
        // The second found nothing to lock, and now waits on the first's insert.
        await expect.poll(() => connectionsWaitingForLocks(fresh.handle.db)).toBe(1);
        await first.commit();
        expect(await second).toMatchObject({ status: 412, code: "precondition_failed" });
        expect(await entryCount()).toBe(0);
      },
    );

    it("refuses a new link past the most the team can have, in words, and still replaces one", async () => {
      // All but one of the most, and a moved link's old address, which is no live link.
      await fresh.handle.db.insert(shortLinks).values([
        ...Array.from({ length: MAX_SHORT_LINKS - 1 }, (_, i) => ({
          cat: "bulk",
          id: `link-${i}`,
          target: "/pricing",
        })),
        { cat: "bulk", id: "old-address", target: "/pricing", movedTo: "bulk/link-0" },
      ]);
      const last = await linkOf(await put("promo/last", spring, { "If-None-Match": "*" }), 201);
      const refused = await expectApiError(
        await put("promo/one-more", spring, { "If-None-Match": "*" }),
        409,
        "conflict",
      );
      expect(refused.error.message).toBe(
        "There are 1,000 short links already, the most the team can have: delete links no longer in use, then make this one.",
      );
      expect(await findShortLink(fresh.handle.db, "promo", "one-more")).toBeUndefined();
      const replaced = await linkOf(
        await put("promo/last", { destination: "/pricing" }, { "If-Match": `"${last.revision}"` }),
      );
      expect(replaced.target).toBe("/pricing");
      expect(await entryCount()).toBe(2);
    });

    it("answers 401 signed out and 403 to a non-operator on every route", async () => {
      await linkOf(await put("promo/spring", spring), 201);
      const { revision } = await linkOf(await call("GET", "/admin/links/promo/spring"));
      await expectOperatorsOnly(call, [
        ["GET", "/admin/links/promo/spring", {}],
        ["PUT", "/admin/links/promo/spring", { body: spring, headers: { "If-Match": revision } }],
        ["PUT", "/admin/links/promo/new", { body: spring }],
        ["DELETE", "/admin/links/promo/spring", { headers: { "If-Match": revision } }],
        ["GET", "/admin/activity", {}],
      ]);
      expect(await entryCount()).toBe(1);
      expect((await findShortLink(fresh.handle.db, "promo", "spring"))?.revision).toBe(revision);
    });

    it("refuses what the CLI refuses with 422 in words, leaving nothing behind", async () => {
      const refusals: Array<[unknown, RegExp]> = [
        [{ destination: "https://evil.com/" }, /^destination: .*not on the allow-list/],
        [{ destination: "javascript:alert(1)" }, /^destination: .*only http\(s\)/],
        [{ destination: "/to/promo/other" }, /^destination: /],
        [
          { ...spring, destination: "https://calendly.com/rise" },
          /only be added to targets on this site/,
        ],
        [
          { ...spring, utm: { ...spring.utm, campaign: "spring sale" } },
          /utm_campaign may contain only/,
        ],
        [{ destination: "/pricing", utm: { source: "sms" } }, /^utm\.medium: required/],
        [
          { destination: "/pricing", fallback: "/" },
          /^fallback: is only used once the link has expired/,
        ],
        [
          {
            destination: "/pricing",
            expiresAt: "2026-01-01T00:00:00Z",
            fallback: "https://evil.com/",
          },
          /^fallback: .*not on the allow-list/,
        ],
        [
          { destination: "/pricing", expiresAt: "next week" },
          /^expiresAt: must be a date and time/,
        ],
        [{ destination: "/pricing", colour: "red" }, /unknown field "colour"/],
      ];
      for (const [body, message] of refusals) {
        const refused = await expectApiError(
          await put("promo/spring", body),
          422,
          "unprocessable_content",
        );
        expect(refused.error.message, JSON.stringify(body)).toMatch(message);
      }
      await expectApiError(await put("promo/bad slug!", spring), 400, "bad_request");
      expect(await findShortLink(fresh.handle.db, "promo", "spring")).toBeUndefined();
      expect(await entryCount()).toBe(0);
    });

    it("lists the activity newest first, a page at a time, filtered by kind", async () => {
      for (const id of ["a", "b", "c"]) await linkOf(await put(`promo/${id}`, spring), 201);
      const b = await linkOf(await call("GET", "/admin/links/promo/b"));
      await call("DELETE", "/admin/links/promo/b", { headers: { "If-Match": b.revision } });

      const all = await activity();
      expect(all.map((entry) => `${entry.kind} ${entry.subject}`)).toEqual([
        "link.deleted promo/b",
        "link.created promo/c",
        "link.created promo/b",
        "link.created promo/a",
      ]);
      const created = await activity("link.created");
      expect(created.map((entry) => entry.subject)).toEqual(["promo/c", "promo/b", "promo/a"]);
      const older = await activity("link.created", created[0]?.id);
      expect(older.map((entry) => entry.subject)).toEqual(["promo/b", "promo/a"]);
      await expectApiError(
        await call("GET", "/admin/activity?kind=link.renamed"),
        400,
        "bad_request",
      );
      await expectApiError(await call("GET", "/admin/activity?before=x"), 400, "bad_request");

      // Bounded: a full page says where the next one starts.
      await fresh.handle.db.transaction(async (tx) => {
        for (let i = 0; i < ACTIVITY_PAGE_SIZE; i++) {
          await recordActivity(
            tx,
            { kind: "cli", host: "test" },
            {
              kind: "link.updated",
              subject: `promo/${i}`,
              before: null,
              after: null,
            },
          );
        }
      });
      const first = activityPageSchema.parse(await (await call("GET", "/admin/activity")).json());
      expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
      expect(first.entries[0]?.actor).toEqual({ uid: null, name: "CLI on test" });
      const second = activityPageSchema.parse(
        await (await call("GET", `/admin/activity?before=${first.nextBefore}`)).json(),
      );
      expect(second.entries.map((entry) => entry.subject)).toEqual(
        all.map((entry) => entry.subject),
      );
      expect(second.nextBefore).toBeNull();
    });

    it("sends a visitor to the fallback after the expiry, or says the link has ended (410)", async () => {
      const past = new Date(Date.now() - 60_000).toISOString();
      const future = new Date(Date.now() + 3_600_000).toISOString();
      await linkOf(await put("promo/later", { destination: "/pricing", expiresAt: future }), 201);
      await linkOf(
        await put("promo/over", {
          destination: "/pricing",
          expiresAt: past,
          fallback: "/book-demo",
        }),
        201,
      );
      const ended = await linkOf(
        await put("promo/ended", { destination: "/pricing", expiresAt: past }),
        201,
      );
      expect(ended.expiresAt).toBe(past);

      const follow = (id: string) => call("GET", `/redirect/promo/${id}`, { token: null });
      expect(await (await follow("later")).json()).toEqual({ to: "/pricing" });
      expect(await (await follow("over")).json()).toEqual({ to: "/book-demo" });
      const gone = await expectApiError(await follow("ended"), 410, "gone");
      expect(gone.error.message).toBe(
        "The link promo/ended has ended. What's on now is at https://www.example.com/",
      );
    });

    it("limits each client's writes per minute", async () => {
      stopRateLimitClock();
      for (let i = 0; i < ADMIN_WRITES_PER_MINUTE; i++) {
        expect((await put("promo/spring", { destination: "https://evil.com/" })).status).toBe(422);
      }
      await expectApiError(await put("promo/spring", spring), 429, "rate_limited");
      // Reading is not writing.
      expect((await call("GET", "/admin/activity")).status).toBe(200);
    });
  },
);

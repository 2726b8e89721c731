import { adminPageListSchema, type PageWrite } from "@bakery/shared/admin-pages-contract";
import { describe, expect, it } from "vitest";
import { ADMIN_WRITES_PER_MINUTE } from "../auth/back-office-guards.ts";
import { activityEntries, contentPageRevisions, contentPages } from "../db/schema.ts";
import { expectOperatorsOnly } from "../test-support/back-office-client.ts";
import { expectApiError } from "../test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "../test-support/fresh-per-test.ts";
import {
  connectionsInTransaction,
  connectionsWaitingForLocks,
  holdTransaction,
} from "../test-support/held-transaction.ts";
import { ann, bob, seedBackOfficeAccounts } from "../test-support/operator-accounts.ts";
import { pageEditorClient } from "../test-support/page-editor.ts";
import { testBackends } from "../test-support/test-database.ts";
import { startTestServer, stopRateLimitClock, testConfig } from "../test-support/test-server.ts";
import {
  findContentPage,
  lockPageWrites,
  MAX_CONTENT_PAGES,
  MAX_OLD_PAGE_ADDRESSES,
  putContentPage,
} from "./content-page-queries.ts";
import { BEFORE_PAGE_HISTORY } from "./content-page-revisions.ts";
import { saveContentPage } from "./edit-content-page.ts";
import { ADMIN_PREVIEWS_PER_MINUTE } from "./page-admin-routes.ts";

/**
 * The back office's page editor over HTTP: operators create, read, replace and delete pages,
 * each write in one transaction with its revision and activity entry; a stale version is
 * refused with the person who changed it named; a preview is what a save would store.
 * History, restore and rename: page-history.integration.test.ts.
 */

const privacy: PageWrite = {
  title: "Privacy Policy",
  subtitle: "How we handle data",
  format: "markdown",
  source: "## Who we are\n\n{{COMPANY_NAME}} keeps your data safe.",
};

/** `privacy` as a save stores it. */
const rendered = {
  ...privacy,
  subtitle: "",
  format: "markdown" as const,
  html: "<h2>Who we are</h2>",
};

describe.each(testBackends({ postgresDatabase: "page_admin" }))(
  "the page editor against $name",
  ({ name, open }) => {
    const fresh = freshTestServerPerTest(open, { seed: seedBackOfficeAccounts });
    const { call, put, pageOf, activity } = pageEditorClient(() => fresh.server.url);
    const entryCount = async () => (await fresh.handle.db.select().from(activityEntries)).length;
    const revisionCount = async () =>
      (await fresh.handle.db.select().from(contentPageRevisions)).length;

    it("creates, reads, replaces and deletes a page, each with its activity entry", async () => {
      const created = await pageOf(
        await put("Privacy-Policy", privacy, { "If-None-Match": "*" }),
        201,
      );
      expect(created).toMatchObject({
        handle: "privacy-policy",
        path: "/privacy-policy",
        title: "Privacy Policy",
        subtitle: "How we handle data",
        format: "markdown",
        source: privacy.source,
        html: "<h2>Who we are</h2>\n<p>Test Bakery Co. keeps your data safe.</p>",
        updatedBy: { name: "ann@example.com", uid: "op-1" },
      });
      expect(await pageOf(await call("GET", "/admin/pages/privacy-policy"))).toEqual(created);
      const visitors = fresh.server.url;
      expect(await (await fetch(`${visitors}/p/privacy-policy`)).json()).toEqual({
        title: "Privacy Policy",
        subtitle: "How we handle data",
        content: created.html,
      });

      const replaced = await pageOf(
        await put(
          "privacy-policy",
          { ...privacy, format: "html", source: "<p>Short and <b>sweet</b>.</p>", subtitle: "" },
          { "If-Match": `"${created.revision}"` },
          bob,
        ),
      );
      expect(replaced).toMatchObject({
        format: "html",
        html: "<p>Short and <b>sweet</b>.</p>",
        subtitle: "",
        updatedBy: { name: "bob@example.com", uid: "op-2" },
      });
      expect(replaced.revision).not.toBe(created.revision);

      const list = adminPageListSchema.parse(await (await call("GET", "/admin/pages")).json());
      expect(list).toEqual({
        pages: [
          {
            handle: "privacy-policy",
            title: "Privacy Policy",
            path: "/privacy-policy",
            updatedAt: replaced.updatedAt,
            updatedBy: { name: "bob@example.com", uid: "op-2" },
          },
        ],
        renamed: [],
      });

      const deleted = await call("DELETE", "/admin/pages/privacy-policy", {
        headers: { "If-Match": replaced.revision },
      });
      expect(deleted.status).toBe(204);
      await expectApiError(await call("GET", "/admin/pages/privacy-policy"), 404, "not_found");
      await expectApiError(await fetch(`${visitors}/p/privacy-policy`), 404, "not_found");

      const [deletion, update, creation, ...rest] = await activity();
      expect(rest).toEqual([]);
      expect(creation).toMatchObject({
        kind: "page.created",
        subject: "privacy-policy",
        actor: { uid: "op-1", name: "ann@example.com" },
        before: null,
        after: { handle: "privacy-policy", format: "markdown", source: privacy.source },
      });
      expect(update).toMatchObject({
        kind: "page.updated",
        actor: { uid: "op-2", name: "bob@example.com" },
        before: { format: "markdown", subtitle: "How we handle data" },
        after: { format: "html", source: "<p>Short and <b>sweet</b>.</p>", subtitle: "" },
      });
      expect(deletion).toMatchObject({
        kind: "page.deleted",
        actor: { uid: "op-1", name: "ann@example.com" },
        before: { handle: "privacy-policy", format: "html" },
        after: null,
      });
    });

    it("refuses a stale revision with 412 naming who changed the page and when", async () => {
      const opened = await pageOf(await put("privacy-policy", privacy), 201);
      const bobs = await pageOf(
        await put(
          "privacy-policy",
          { ...privacy, source: "Bob's words." },
          { "If-Match": opened.revision },
          bob,
        ),
      );
      const day = bobs.updatedAt.slice(0, 10);
      const entries = await entryCount();
      const revisions = await revisionCount();

      const stale = await expectApiError(
        await put(
          "privacy-policy",
          { ...privacy, source: "Ann's words." },
          { "If-Match": opened.revision },
        ),
        412,
        "precondition_failed",
      );
      expect(stale.error.message).toMatch(
        /^privacy-policy was changed by bob@example\.com on \d{4}-\d\d-\d\d at \d\d:\d\d UTC after the version you have\./,
      );
      expect(stale.error.message).toContain(day);
      const staleDelete = await expectApiError(
        await call("DELETE", "/admin/pages/privacy-policy", {
          headers: { "If-Match": opened.revision },
        }),
        412,
        "precondition_failed",
      );
      expect(staleDelete.error.message).toContain("changed by bob@example.com");

      // Nothing was written, nor recorded.
      expect((await findContentPage(fresh.handle.db, "privacy-policy"))?.source).toBe(
        "Bob's words.",
      );
      expect(await entryCount()).toBe(entries);
      expect(await revisionCount()).toBe(revisions);

      // Deleted meanwhile: the editor is told so, and by whom.
      await call("DELETE", "/admin/pages/privacy-policy", {
        headers: { "If-Match": bobs.revision },
        token: bob,
      });
      const gone = await expectApiError(
        await put("privacy-policy", privacy, { "If-Match": bobs.revision }),
        412,
        "precondition_failed",
      );
      expect(gone.error.message).toMatch(
        /^There is no page privacy-policy any more: it was deleted by bob@example\.com on \d{4}-/,
      );
    });

    it("asks before replacing: If-None-Match: * on a page is 412, no condition 409, a delete without If-Match 428", async () => {
      await pageOf(await put("privacy-policy", privacy, { "If-None-Match": "*" }), 201);
      const exists = await expectApiError(
        await put("privacy-policy", privacy, { "If-None-Match": "*" }, bob),
        412,
        "precondition_failed",
      );
      expect(exists.error.message).toMatch(
        /^A page privacy-policy already exists \(made by ann@example\.com on .*\), titled "Privacy Policy"\. /,
      );
      const unconditional = await expectApiError(
        await put("privacy-policy", privacy),
        409,
        "conflict",
      );
      expect(unconditional.error.message).toContain("If-Match");
      const required = await expectApiError(
        await call("DELETE", "/admin/pages/privacy-policy"),
        428,
        "precondition_required",
      );
      expect(required.error.message).toContain("If-Match");
      expect(await entryCount()).toBe(1);
      expect(await revisionCount()).toBe(1);
    });

    it("refuses a new page past the most the team can have, in words, and still replaces one", async () => {
      // All but one of the most, and a renamed page's old address, which is no live page.
      const stored = { title: "Bulk", source: "<p>Bulk</p>", format: "html" as const, html: "" };
      await fresh.handle.db.insert(contentPages).values([
        ...Array.from({ length: MAX_CONTENT_PAGES - 1 }, (_, i) => ({
          handle: `bulk-${i}`,
          ...stored,
        })),
        { handle: "bulk-old", ...stored, renamedTo: "bulk-0" },
      ]);
      const last = await pageOf(await put("last", privacy, { "If-None-Match": "*" }), 201);
      const refused = await expectApiError(
        await put("one-more", privacy, { "If-None-Match": "*" }),
        409,
        "conflict",
      );
      expect(refused.error.message).toBe(
        "There are 500 pages already, the most the team can have: delete pages no longer in use, then make this one.",
      );
      expect(await findContentPage(fresh.handle.db, "one-more")).toBeUndefined();
      const replaced = await pageOf(
        await put("last", { ...privacy, title: "Privacy" }, { "If-Match": last.revision }),
      );
      expect(replaced.title).toBe("Privacy");
      expect(await entryCount()).toBe(2);
      expect(await revisionCount()).toBe(2);
    });

    it("refuses a rename to a new handle past the most old addresses, and allows one to an old address", async () => {
      const page = await pageOf(await put("privacy", privacy, { "If-None-Match": "*" }), 201);
      const stored = { title: "Old", source: "", format: "html" as const, html: "" };
      await fresh.handle.db.insert(contentPages).values(
        Array.from({ length: MAX_OLD_PAGE_ADDRESSES }, (_, i) => ({
          handle: `old-${i}`,
          ...stored,
          renamedTo: "privacy",
        })),
      );
      const move = (to: string, revision: string) =>
        call("POST", "/admin/pages/privacy/move", {
          body: { to },
          headers: { "If-Match": revision },
        });
      const refused = await expectApiError(
        await move("privacy-policy", page.revision),
        409,
        "conflict",
      );
      expect(refused.error.message).toBe(
        "There are 1,000 old addresses of renamed pages already, the most the team can have: delete pages no longer in use (their old addresses go with them), then rename this one.",
      );
      expect(await findContentPage(fresh.handle.db, "privacy-policy")).toBeUndefined();
      // A rename to one of its old handles adds no old address.
      const moved = await move("old-7", page.revision);
      expect(moved.status, await moved.clone().text()).toBe(200);
      expect((await findContentPage(fresh.handle.db, "old-7"))?.renamedTo).toBeNull();
      expect((await findContentPage(fresh.handle.db, "privacy"))?.renamedTo).toBe("old-7");
    });

    it("creates a page once when two editors create it at the same moment", async () => {
      const answers = await Promise.all(
        [ann, bob].map((token) => put("about", privacy, { "If-None-Match": "*" }, token)),
      );
      expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 412]);
      expect(await entryCount()).toBe(1);
      expect(await revisionCount()).toBe(1);
    });

    // Only a server with several connections can hold one write open while another starts.
    it.runIf(name === "postgres")(
      "makes a save wait for a page write in progress, then checks against it",
      async () => {
        const { db } = fresh.handle;
        const first = await holdTransaction(db, async (tx) => {
          await lockPageWrites(tx);
          await putContentPage(tx, { handle: "about", ...rendered }, { name: "test", uid: null });
        });
        const second = saveContentPage(
          db,
          { kind: "account", uid: "op-2", email: "bob@example.com" },
          { handle: "about", ...rendered },
          { ifMatch: undefined, ifNoneMatch: ["*"] },
        ).catch((error: unknown) => error);
        await expect.poll(() => connectionsWaitingForLocks(fresh.handle.db)).toBe(1);
        await first.commit();
        expect(await second).toMatchObject({ status: 412, code: "precondition_failed" });
        expect(await entryCount()).toBe(0);
      },
    );

    // The editor is told a save answered 503 did not go through and to try again: it must not
    // land later, when the database gets to it, and meet the retry as a colleague's change.
    it.runIf(name === "postgres")(
      "rolls back a save answered 503 at the database deadline once the database gets to it",
      async () => {
        const { db } = fresh.handle;
        const slow = await startTestServer(fresh.handle, {
          config: { ...testConfig, DATABASE_TIMEOUT_MS: 300 },
        });
        try {
          const editor = pageEditorClient(() => slow.url);
          const held = await holdTransaction(db, lockPageWrites);
          const answer = editor.put("about", privacy, { "If-None-Match": "*" });
          await expect.poll(() => connectionsWaitingForLocks(db)).toBe(1);
          await expectApiError(await answer, 503, "service_unavailable");

          await held.commit();
          await expect.poll(() => connectionsInTransaction(db)).toBe(0);
          expect(await findContentPage(db, "about")).toBeUndefined();
          expect(await entryCount()).toBe(0);
          expect(await revisionCount()).toBe(0);
          await editor.pageOf(await editor.put("about", privacy, { "If-None-Match": "*" }), 201);
        } finally {
          await slow.close();
        }
      },
    );

    it("refuses a page that can't be stored with 422 in words, leaving nothing behind", async () => {
      const refusals: Array<[unknown, RegExp]> = [
        [
          { ...privacy, source: "Hello {{COMPANY_NAM}}" },
          /^source: unknown placeholder.*COMPANY_NAM/,
        ],
        [{ ...privacy, format: "html", source: "<p> </p><br><a href='/x'></a>" }, /blank page/],
        [{ ...privacy, source: "<img src=x onerror=alert(1)>" }, /no visible text/],
        [{ ...privacy, source: "" }, /^source: is empty/],
        [{ ...privacy, title: "  " }, /^title: is empty/],
        [{ ...privacy, title: "Two\nlines" }, /^title: must be plain text on one line/],
        [{ ...privacy, format: "docx" }, /^format: /],
        [{ ...privacy, colour: "red" }, /unknown field "colour"/],
      ];
      for (const [body, message] of refusals) {
        const refused = await expectApiError(
          await put("about", body),
          422,
          "unprocessable_content",
        );
        expect(refused.error.message, JSON.stringify(body)).toMatch(message);
      }
      await expectApiError(await put("bad handle!", privacy), 400, "bad_request");
      await expectApiError(
        await call("PUT", "/admin/pages/about", {
          headers: { "Content-Type": "text/markdown" },
        }),
        415,
        "unsupported_media_type",
      );
      expect(await findContentPage(fresh.handle.db, "about")).toBeUndefined();
      expect(await entryCount()).toBe(0);
      expect(await revisionCount()).toBe(0);
    });

    it("previews a source exactly as a save would store it, sanitized, recording nothing", async () => {
      const preview = async (body: unknown) => call("POST", "/admin/pages/preview", { body });
      const answer = await preview({
        format: "html",
        source: "<p>We bake at dawn.<img src=x onerror=alert(1)><script>alert(2)</script></p>",
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ html: "<p>We bake at dawn.</p>" });

      const markdown = await preview({ format: "markdown", source: privacy.source });
      const saved = await pageOf(await put("privacy-policy", privacy), 201);
      expect(await markdown.json()).toEqual({ html: saved.html });

      const refused = await expectApiError(
        await preview({ format: "markdown", source: "{{NOPE}}" }),
        422,
        "unprocessable_content",
      );
      expect(refused.error.message).toBe("source: unknown placeholder(s): NOPE");
      await expectApiError(
        await preview({ format: "markdown", source: "x", title: "T" }),
        422,
        "unprocessable_content",
      );
      expect(await entryCount()).toBe(1);
    });

    it("tells who changed a page last, or no one for a page older than its history", async () => {
      await putContentPage(
        fresh.handle.db,
        {
          handle: "terms",
          title: "Terms",
          subtitle: "",
          format: "html",
          source: "<p>T</p>",
          html: "<p>T</p>",
        },
        { name: BEFORE_PAGE_HISTORY, uid: null },
      );
      const page = await pageOf(await call("GET", "/admin/pages/terms"));
      expect(page.updatedBy).toBeNull();
      const list = adminPageListSchema.parse(await (await call("GET", "/admin/pages")).json());
      expect(list.pages.map((row) => row.updatedBy)).toEqual([null]);
    });

    it("answers 401 signed out and 403 to a non-operator on every route", async () => {
      const page = await pageOf(await put("privacy-policy", privacy), 201);
      const [revision] = (await (await call("GET", "/admin/pages/privacy-policy/revisions")).json())
        .revisions as Array<{ id: number }>;
      const ifMatch = { "If-Match": page.revision };
      await expectOperatorsOnly(call, [
        ["GET", "/admin/pages", {}],
        ["GET", "/admin/pages/privacy-policy", {}],
        ["PUT", "/admin/pages/privacy-policy", { body: privacy, headers: ifMatch }],
        ["PUT", "/admin/pages/new-page", { body: privacy }],
        ["DELETE", "/admin/pages/privacy-policy", { headers: ifMatch }],
        ["POST", "/admin/pages/privacy-policy/move", { body: { to: "privacy" }, headers: ifMatch }],
        ["GET", "/admin/pages/privacy-policy/revisions", {}],
        ["GET", `/admin/pages/privacy-policy/revisions/${revision?.id}`, {}],
        [
          "POST",
          `/admin/pages/privacy-policy/revisions/${revision?.id}/restore`,
          { headers: ifMatch },
        ],
        ["POST", "/admin/pages/preview", { body: { format: "html", source: "<p>x</p>" } }],
      ]);
      expect(await entryCount()).toBe(1);
      expect((await findContentPage(fresh.handle.db, "privacy-policy"))?.revision).toBe(
        page.revision,
      );
    });

    it("limits writes in the links' bucket and previews in their own", async () => {
      stopRateLimitClock();
      const refusedSave = () => put("about", { ...privacy, source: "{{NOPE}}" });
      for (let i = 0; i < ADMIN_WRITES_PER_MINUTE; i++) {
        expect((await refusedSave()).status).toBe(422);
      }
      await expectApiError(await refusedSave(), 429, "rate_limited");
      // Shared with the links: an operator's writes are one budget.
      await expectApiError(
        await call("PUT", "/admin/links/promo/spring", { body: { destination: "/pricing" } }),
        429,
        "rate_limited",
      );
      const preview = () =>
        call("POST", "/admin/pages/preview", { body: { format: "html", source: "<p>x</p>" } });
      for (let i = 0; i < ADMIN_PREVIEWS_PER_MINUTE; i++) {
        expect((await preview()).status).toBe(200);
      }
      await expectApiError(await preview(), 429, "rate_limited");
    });
  },
);

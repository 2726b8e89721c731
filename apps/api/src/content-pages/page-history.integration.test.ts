import {
  adminPageListSchema,
  type PageWrite,
  pageRevisionListSchema,
  pageRevisionSchema,
} from "@bakery/shared/admin-pages-contract";
import { isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadServerConfig } from "../config.ts";
import { contentPageRevisions } from "../db/schema.ts";
import { silentLogger } from "../logger.ts";
import { seedLocalDatabase } from "../seed/local-seed.ts";
import { expectApiError } from "../test-support/expect-api-error.ts";
import { freshTestServerPerTest } from "../test-support/fresh-per-test.ts";
import { bob, seedBackOfficeAccounts } from "../test-support/operator-accounts.ts";
import { pageEditorClient } from "../test-support/page-editor.ts";
import { testBackends } from "../test-support/test-database.ts";
import { startTestServer, testConfig } from "../test-support/test-server.ts";
import { createContentPageStore } from "./content-page-store.ts";

/**
 * A page's history in the editor: every save kept as a revision (who, when), any revision
 * viewed and restored, a rename that keeps the old address answering 301 with the history
 * following the page, and the public page showing a change at once on the instance that made it.
 */

const first: PageWrite = {
  title: "Privacy Policy",
  format: "markdown",
  source: "We keep **nothing**.",
};
const second: PageWrite = { ...first, source: "We keep your e-mail address." };

describe.each(testBackends({ postgresDatabase: "page_history" }))(
  "a page's history against $name",
  ({ open }) => {
    const fresh = freshTestServerPerTest(open, { seed: seedBackOfficeAccounts });
    const { call, put, pageOf, activity } = pageEditorClient(() => fresh.server.url);
    const revisionsOf = async (handle: string) => {
      const response = await call("GET", `/admin/pages/${handle}/revisions`);
      expect(response.status, await response.clone().text()).toBe(200);
      return pageRevisionListSchema.parse(await response.json()).revisions;
    };
    const visit = async (handle: string, url = fresh.server.url) =>
      fetch(`${url}/p/${handle}`, { redirect: "manual" });

    it("keeps every save as a revision, and restores one as the newest", async () => {
      const created = await pageOf(await put("privacy-policy", first), 201);
      const changed = await pageOf(
        await put("privacy-policy", second, { "If-Match": created.revision }, bob),
      );
      const revisions = await revisionsOf("privacy-policy");
      expect(revisions.map((revision) => revision.by.name)).toEqual([
        "bob@example.com",
        "ann@example.com",
      ]);
      const [latest, oldest] = revisions;
      expect(latest).toMatchObject({ at: changed.updatedAt, by: { uid: "op-2" } });
      expect(oldest?.at).toBe(created.updatedAt);

      const viewed = await call("GET", `/admin/pages/privacy-policy/revisions/${oldest?.id}`);
      expect(pageRevisionSchema.parse(await viewed.json())).toEqual({
        ...oldest,
        subtitle: "",
        format: "markdown",
        source: "We keep **nothing**.",
        html: "<p>We keep <strong>nothing</strong>.</p>",
      });

      const restored = await pageOf(
        await call("POST", `/admin/pages/privacy-policy/revisions/${oldest?.id}/restore`, {
          headers: { "If-Match": changed.revision },
        }),
      );
      expect(restored).toMatchObject({
        source: "We keep **nothing**.",
        html: "<p>We keep <strong>nothing</strong>.</p>",
        updatedBy: { name: "ann@example.com", uid: "op-1" },
      });
      // What visitors then read.
      expect(await (await visit("privacy-policy")).json()).toMatchObject({
        content: "<p>We keep <strong>nothing</strong>.</p>",
      });
      expect((await revisionsOf("privacy-policy")).map((revision) => revision.by.name)).toEqual([
        "ann@example.com",
        "bob@example.com",
        "ann@example.com",
      ]);
      const [entry] = await activity("page.restored");
      expect(entry).toMatchObject({
        subject: "privacy-policy",
        actor: { uid: "op-1", name: "ann@example.com" },
        before: { source: "We keep your e-mail address." },
        after: { source: "We keep **nothing**.", restoredFrom: oldest?.id },
      });

      // A restore over a version the editor hasn't seen is refused, naming the restorer.
      const stale = await expectApiError(
        await call("POST", `/admin/pages/privacy-policy/revisions/${latest?.id}/restore`, {
          headers: { "If-Match": changed.revision },
          token: bob,
        }),
        412,
        "precondition_failed",
      );
      expect(stale.error.message).toMatch(
        new RegExp(
          `^privacy-policy was restored from revision ${oldest?.id} by ann@example\\.com on `,
        ),
      );
      await expectApiError(
        await call("POST", `/admin/pages/privacy-policy/revisions/${latest?.id}/restore`),
        428,
        "precondition_required",
      );
    });

    it("shows a page's own revisions only", async () => {
      await pageOf(await put("privacy-policy", first), 201);
      const terms = await pageOf(await put("terms", { ...first, title: "Terms" }), 201);
      const [ofTerms] = await revisionsOf("terms");
      await expectApiError(
        await call("GET", `/admin/pages/privacy-policy/revisions/${ofTerms?.id}`),
        404,
        "not_found",
      );
      const notHers = await expectApiError(
        await call("POST", `/admin/pages/privacy-policy/revisions/${ofTerms?.id}/restore`, {
          headers: { "If-Match": "*" },
        }),
        404,
        "not_found",
      );
      expect(notHers.error.message).toBe(
        `The page "privacy-policy" has no revision ${ofTerms?.id}`,
      );
      await expectApiError(
        await call("GET", "/admin/pages/privacy-policy/revisions/first"),
        400,
        "bad_request",
      );
      await expectApiError(await call("GET", "/admin/pages/nope/revisions"), 404, "not_found");

      // A page deleted and made again starts a history of its own; the old one is kept.
      await call("DELETE", "/admin/pages/terms", { headers: { "If-Match": terms.revision } });
      await expectApiError(await call("GET", "/admin/pages/terms/revisions"), 404, "not_found");
      await pageOf(await put("terms", { ...first, title: "New terms" }), 201);
      const history = await revisionsOf("terms");
      expect(history.map((revision) => revision.title)).toEqual(["New terms"]);
      const kept = await fresh.handle.db
        .select()
        .from(contentPageRevisions)
        .where(isNotNull(contentPageRevisions.deletedAt));
      expect(kept.map((revision) => revision.title)).toEqual(["Terms"]);
    });

    it("renames a page: the old address answers 301 and the history follows", async () => {
      const created = await pageOf(await put("privacy", first), 201);
      const changed = await pageOf(await put("privacy", second, { "If-Match": created.revision }));
      const move = (from: string, to: unknown, headers: Record<string, string>) =>
        call("POST", `/admin/pages/${from}/move`, { body: { to }, headers });

      const moved = await pageOf(
        await move("privacy", "Privacy-Policy", { "If-Match": changed.revision }),
      );
      expect(moved).toMatchObject({
        handle: "privacy-policy",
        path: "/privacy-policy",
        source: second.source,
        updatedBy: { name: "ann@example.com" },
      });
      const old = await visit("privacy");
      expect(old.status).toBe(301);
      expect(await old.json()).toEqual({ location: "/privacy-policy" });
      expect((await visit("privacy-policy")).status).toBe(200);

      const notHere = await expectApiError(
        await call("GET", "/admin/pages/privacy"),
        404,
        "not_found",
      );
      expect(notHere.error.message).toBe('The page "privacy" was renamed to "privacy-policy"');
      // Its two saves, then the rename.
      expect((await revisionsOf("privacy-policy")).map((revision) => revision.title)).toHaveLength(
        3,
      );
      const list = adminPageListSchema.parse(await (await call("GET", "/admin/pages")).json());
      expect(list.renamed).toEqual([{ handle: "privacy", to: "privacy-policy" }]);
      expect(list.pages.map((page) => page.handle)).toEqual(["privacy-policy"]);

      const [renaming] = await activity("page.renamed");
      expect(renaming).toMatchObject({
        subject: "privacy",
        actor: { uid: "op-1", name: "ann@example.com" },
        before: { handle: "privacy", source: second.source },
        after: { handle: "privacy-policy", source: second.source },
      });

      // The editor that still had the old handle open is told where it went, and by whom.
      const stale = await expectApiError(
        await put("privacy", first, { "If-Match": changed.revision }, bob),
        412,
        "precondition_failed",
      );
      expect(stale.error.message).toMatch(
        /^There is no page privacy any more: it was renamed to privacy-policy by ann@example\.com on /,
      );
      const behind = await expectApiError(
        await put("privacy-policy", first, { "If-Match": changed.revision }, bob),
        412,
        "precondition_failed",
      );
      expect(behind.error.message).toMatch(
        /^privacy-policy was renamed here from privacy by ann@example\.com on /,
      );

      // Refused: a handle in use, the same handle, no slug, no If-Match.
      await pageOf(await put("terms", { ...first, title: "Terms" }), 201);
      const ifMatch = { "If-Match": moved.revision };
      await expectApiError(await move("privacy-policy", "terms", ifMatch), 409, "conflict");
      await expectApiError(
        await move("privacy-policy", "privacy-policy", ifMatch),
        422,
        "unprocessable_content",
      );
      const slug = await expectApiError(
        await move("privacy-policy", "../etc", ifMatch),
        422,
        "unprocessable_content",
      );
      expect(slug.error.message).toMatch(/^to may contain only letters, digits/);
      await expectApiError(
        await move("privacy-policy", "privacy-notice", {}),
        428,
        "precondition_required",
      );

      // Renamed back: the old address is the page again, and the other one leads to it.
      const back = await pageOf(await move("privacy-policy", "privacy", ifMatch));
      expect(back.handle).toBe("privacy");
      expect(await (await visit("privacy-policy")).json()).toEqual({ location: "/page/privacy" });
      expect(await revisionsOf("privacy")).toHaveLength(4);
    });

    it("opens the local seed's pages as the Markdown they are written in", async () => {
      const config = loadServerConfig({ NODE_ENV: "test", SITE_URL: "https://www.example.com" });
      expect(await seedLocalDatabase(fresh.handle.db, config, silentLogger)).toBe(true);
      const page = await pageOf(await call("GET", "/admin/pages/privacy-policy"));
      expect(page.format).toBe("markdown");
      expect(page.source).toContain("{{COMPANY_NAME}}");
      expect(page.html).not.toContain("{{");
      expect(page.updatedBy).toEqual({ name: "local demo seed", uid: null });
      expect((await revisionsOf("terms-of-service")).map((revision) => revision.by)).toEqual([
        { name: "local demo seed", uid: null },
      ]);
    });

    it("shows a change on this instance at once, however long it keeps pages", async () => {
      const server = await startTestServer(fresh.handle, {
        contentPages: createContentPageStore({
          db: fresh.handle.db,
          config: testConfig,
          cacheMs: 3_600_000,
        }),
      });
      try {
        const editor = pageEditorClient(() => server.url);
        const created = await editor.pageOf(await editor.put("privacy", first), 201);
        expect(await (await visit("privacy", server.url)).json()).toMatchObject({
          content: created.html,
        });
        const changed = await editor.pageOf(
          await editor.put("privacy", second, { "If-Match": created.revision }),
        );
        expect(await (await visit("privacy", server.url)).json()).toMatchObject({
          content: changed.html,
        });
        await editor.call("POST", "/admin/pages/privacy/move", {
          body: { to: "privacy-policy" },
          headers: { "If-Match": changed.revision },
        });
        expect((await visit("privacy", server.url)).status).toBe(301);
        expect((await visit("privacy-policy", server.url)).status).toBe(200);
      } finally {
        await server.close();
      }
    });
  },
);

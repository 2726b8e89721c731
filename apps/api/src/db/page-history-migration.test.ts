import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "./open-database.ts";

/**
 * Migration 0008 gives the pages written before the page editor a source (their HTML) and a
 * first revision, so the editor can open them and their text as it was can always be restored.
 */

const folder = MIGRATIONS_FOLDER;
const migrations = readdirSync(folder)
  .filter((name) => name.endsWith(".sql"))
  .toSorted();

async function apply(db: PGlite, name: string): Promise<void> {
  const text = readFileSync(path.join(folder, name), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) await db.exec(statement);
}

describe("migration 0008 (the page editor)", () => {
  const db = new PGlite();
  beforeAll(async () => {
    for (const name of migrations.filter((name) => name < "0008")) await apply(db, name);
    await db.exec(`
      insert into content_pages (handle, title, subtitle, html, updated_at)
        values ('privacy-policy', 'Privacy Policy', 'How', '<p>We care.</p>', '2026-01-02T03:04:05Z');
      insert into content_pages (handle, title, html, renamed_to)
        values ('privacy', 'Privacy Policy', '', 'privacy-policy');
    `);
    await apply(db, migrations.find((name) => name.startsWith("0008_")) ?? "0008 is missing");
  });
  afterAll(async () => {
    await db.close();
  });

  it("keeps each page's HTML as its source, in the HTML format", async () => {
    const { rows } = await db.query(
      "select handle, source, format, revision is not null as has_revision from content_pages order by handle",
    );
    expect(rows).toEqual([
      { handle: "privacy", source: "", format: "html", has_revision: true },
      { handle: "privacy-policy", source: "<p>We care.</p>", format: "html", has_revision: true },
    ]);
  });

  it("gives each live page a first revision, by no one known, at its last change", async () => {
    const { rows } = await db.query(
      "select handle, at, actor, actor_uid, title, subtitle, format, source, html, deleted_at from content_page_revisions",
    );
    expect(rows).toEqual([
      {
        handle: "privacy-policy",
        at: new Date("2026-01-02T03:04:05Z"),
        actor: "before page history",
        actor_uid: null,
        title: "Privacy Policy",
        subtitle: "How",
        format: "html",
        source: "<p>We care.</p>",
        html: "<p>We care.</p>",
        deleted_at: null,
      },
    ]);
  });

  it("allows only the two formats", async () => {
    await expect(db.exec("update content_pages set format = 'docx'")).rejects.toThrow(
      /content_pages_format/,
    );
  });
});

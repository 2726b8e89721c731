import {
  findContentPage,
  moveContentPage,
  putContentPage,
} from "../content-pages/content-page-queries.ts";
import type { Database } from "../db/open-database.ts";
import type { ContentPageRow } from "../db/schema.ts";

/** Who the revisions of pages a test sets up name. */
export const TEST_PAGE_AUTHOR = { name: "test setup", uid: null };

/** Stores a page as a test sets one up: written in HTML (already safe), by TEST_PAGE_AUTHOR. */
export function putTestPage(
  db: Database,
  page: { handle: string; title: string; subtitle: string; html: string },
): Promise<ContentPageRow> {
  return putContentPage(db, { ...page, format: "html", source: page.html }, TEST_PAGE_AUTHOR);
}

/** Renames the live page `from` to `to`, as `rise-admin pages move` would. */
export async function moveTestPage(db: Database, from: string, to: string): Promise<void> {
  const page = await findContentPage(db, from);
  if (!page) throw new Error(`no page "${from}" to move`);
  await moveContentPage(db, page, to, TEST_PAGE_AUTHOR);
}

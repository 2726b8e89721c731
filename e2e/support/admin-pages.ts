import { type AdminPage, adminPageSchema } from "@bakery/shared/admin-pages-contract";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures.ts";
import { operatorToken } from "./funnel-report.ts";

/** A stored page as the back office reads it (GET /api/admin/pages/:handle), as the demo operator. */
export async function readPage(request: APIRequestContext, handle: string): Promise<AdminPage> {
  const response = await request.get(`/api/admin/pages/${handle}`, {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
  });
  expect(response.status()).toBe(200);
  return adminPageSchema.parse(await response.json());
}

/** Saves `fields` over the stored page, on the version just read, as the demo operator. */
export async function writePage(
  request: APIRequestContext,
  handle: string,
  fields: Pick<AdminPage, "title" | "subtitle" | "format" | "source">,
): Promise<void> {
  const now = await readPage(request, handle);
  const response = await request.put(`/api/admin/pages/${handle}`, {
    headers: {
      Authorization: `Bearer ${await operatorToken(request)}`,
      "If-Match": `"${now.revision}"`,
    },
    data: {
      title: fields.title,
      subtitle: fields.subtitle,
      format: fields.format,
      source: fields.source,
    },
  });
  expect(response.ok()).toBe(true);
}

/** Leaves the privacy policy as it was found, whatever the test got to. */
export async function putBack(request: APIRequestContext, original: AdminPage) {
  const now = await readPage(request, "privacy-policy");
  if (now.source === original.source && now.format === original.format) return;
  await writePage(request, "privacy-policy", original);
}

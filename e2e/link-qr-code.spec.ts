import { readFile } from "node:fs/promises";
import { DEMO_USERS } from "@bakery/api/demo-data";
import { linksReportSchema } from "@bakery/shared/admin-contract";
import type { APIRequestContext, Page } from "@playwright/test";
import jsqr from "jsqr";
import { PNG } from "pngjs";
import { e2eOrigin, PHONE_USER_AGENT } from "./support/e2e-env.ts";
import { expect, expectNoSeriousA11yViolations, test } from "./support/fixtures.ts";
import { operatorToken } from "./support/funnel-report.ts";
import { signInAndReturnTo, stubMyArea } from "./support/sign-in.ts";

// Issue 41: each short link's QR code, for print, encodes the link with a scan marker, so the
// links report counts scans apart from clicks (docs/decisions/0024).

// jsqr is CommonJS: TypeScript sees its default export as the module, whose `default` is the decoder.
const decodeQr = jsqr.default;

const operator = DEMO_USERS.find((user) => user.role === "operator");
if (!operator) throw new Error("The demo data has no operator account");

/** A link of this test's own, so the two projects and repeated runs never share its counts. */
async function putOwnLink(request: APIRequestContext): Promise<string> {
  const id = `qr-${test.info().project.name}-${Date.now().toString(36)}`;
  const response = await request.put(`/api/admin/links/e2e/${id}`, {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
    data: { destination: "/pricing" },
  });
  expect(response.ok()).toBe(true);
  return id;
}

/** Clicks a QR code download button and returns the saved file's name and bytes. */
async function downloaded(page: Page, name: string) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name }).click();
  const file = await download;
  return { fileName: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

async function linkCounts(request: APIRequestContext, id: string) {
  const today = new Date().toISOString().slice(0, 10);
  const response = await request.get(`/api/admin/links?from=${today}&to=${today}`, {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
  });
  expect(response.ok()).toBe(true);
  const link = linksReportSchema
    .parse(await response.json())
    .links.find((row) => row.cat === "e2e" && row.id === id);
  return { totalClicks: link?.totalClicks, totalScans: link?.totalScans, days: link?.clicksByDay };
}

test.beforeEach(async ({ page }) => {
  await stubMyArea(page);
});

test("the operator downloads a link's QR code, which decodes to the link with its scan marker; a scan and a click count apart", async ({
  page,
  browser,
  request,
}) => {
  // A sign-in, three downloads, a QR decode, an axe scan of the whole dashboard, two
  // visitors and a wait for the counts: more than the default limit on a slow machine.
  test.slow();
  const id = await putOwnLink(request);
  const path = `/to/e2e/${id}`;
  await signInAndReturnTo(page, "/dashboard", operator.email);
  const links = page.getByRole("table", { name: /^Short links/ });
  await expect(links.getByText(path, { exact: true })).toBeVisible({ timeout: 20_000 });

  const png = await downloaded(page, `Download the QR code of ${path} as PNG`);
  expect(png.fileName).toBe(`rise-link-e2e-${id}.png`);
  await expect(page.getByRole("status").filter({ hasText: `Saved ${png.fileName}` })).toBeVisible();
  const image = PNG.sync.read(png.bytes);
  expect([image.width, image.height]).toEqual([1200, 1200]);
  const decoded = decodeQr(new Uint8ClampedArray(image.data), image.width, image.height);
  const scanAddress = `${e2eOrigin}${path}?qr=1`;
  expect(decoded?.data).toBe(scanAddress);

  const svg = await downloaded(page, `Download the QR code of ${path} as SVG`);
  expect(svg.fileName).toBe(`rise-link-e2e-${id}.svg`);
  expect(svg.bytes.toString("utf8")).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

  // The buttons are reachable and usable by keyboard, and the table stays accessible.
  const pngButton = page.getByRole("button", { name: `Download the QR code of ${path} as PNG` });
  await pngButton.focus();
  const byKeyboard = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  expect((await byKeyboard).suggestedFilename()).toBe(png.fileName);
  await expectNoSeriousA11yViolations(page);

  // A person scans the code with their phone, and another taps the plain link.
  for (const address of [scanAddress, `${e2eOrigin}${path}`]) {
    const visitor = await browser.newContext({ userAgent: PHONE_USER_AGENT });
    const arrived = await (await visitor.newPage()).goto(address);
    // The marker is the link's own: the destination never sees it.
    expect(arrived?.url()).toBe(`${e2eOrigin}/pricing`);
    await visitor.close();
  }
  const today = new Date().toISOString().slice(0, 10);
  // Clicks and scans are written in batches every second.
  await expect
    .poll(() => linkCounts(request, id), { timeout: 10_000 })
    .toEqual({ totalClicks: 1, totalScans: 1, days: [{ day: today, clicks: 1, scans: 1 }] });
});

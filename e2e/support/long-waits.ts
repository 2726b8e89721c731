import { expect, type Page } from "@playwright/test";
import { expectAnnouncementWaiting } from "./live-regions.ts";

/**
 * Ends the delay of every note CSS shows after a long wait (apps/web/app/ui/after-long-wait.tsx):
 * runs those animations to their end rather than wait 12 s.
 */
export function endLongWaits(page: Page) {
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation instanceof CSSAnimation && animation.animationName === "show-after-wait") {
        animation.finish();
      }
    }
  });
}

/**
 * Expects the long-wait note `message` hidden and silent, ends the wait, then expects it shown
 * and announced (its live region was there before, the focus stays). Returns the note.
 */
export async function expectLongWaitNote(page: Page, message: string) {
  const note = page.getByText(message);
  await expect(note).toBeHidden();
  const expectAnnounced = await expectAnnouncementWaiting(page, message);
  await endLongWaits(page);
  await expect(note).toBeVisible();
  await expectAnnounced();
  return note;
}

import type { Page } from "@playwright/test";

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

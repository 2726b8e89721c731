import type { MouseEvent } from "react";

/**
 * A click on a link that the browser should handle itself (a new tab or window, a download),
 * rather than the app's own action for the link.
 */
export function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

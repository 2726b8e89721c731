import { mountSchedulingFrame, schedulingFrameSlotId } from "./scheduling-frame.ts";

/**
 * Written inline right after the frame's slot on /book-demo (app/parse-time-scripts.ts): puts
 * the frame the head's script started into place, or creates it here, long before the app runs.
 */
export function mountSchedulingFrameInItsSlot(): void {
  const slot = document.getElementById(schedulingFrameSlotId);
  if (slot) mountSchedulingFrame(slot);
}

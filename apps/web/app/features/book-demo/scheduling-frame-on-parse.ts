import { mountSchedulingFrame, schedulingFrameSlotId } from "./scheduling-frame.ts";

// Written inline right after the frame's slot on /book-demo (app/parse-time-scripts.ts): the
// frame is requested while the page is still being parsed, long before the app runs.
const slot = document.getElementById(schedulingFrameSlotId);
if (slot) mountSchedulingFrame(slot);

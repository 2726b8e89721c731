import { startSchedulingFrameInHead } from "./scheduling-frame.ts";

// Written inline in /book-demo's head before the stylesheet (app/parse-time-scripts.ts): the
// frame is requested as soon as the document arrives; the slot's script puts it in place.
startSchedulingFrameInHead();

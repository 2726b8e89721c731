import { startEarlyShortLinkLookup } from "./early-short-link-lookup.ts";

// Written inline in the short-link page's head before the stylesheet (app/parse-time-scripts.ts):
// the link is looked up as soon as the document arrives, not once the app has loaded.
startEarlyShortLinkLookup();

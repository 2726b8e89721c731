import {
  ACTIVITY_PAGE_SIZE,
  activityKinds,
  activityPageSchema,
} from "@bakery/shared/admin-activity-contract";
import {
  funnelGroupings,
  funnelReportSchema,
  linksReportSchema,
} from "@bakery/shared/admin-contract";
import { day, json, operatorRead } from "./openapi-parts.ts";

/** The operators' reports: the funnel, the short links and the activity log. */
export const reportPaths = {
  "/admin/funnel": {
    get: operatorRead(
      "Operators: landings, booked demos (and how many the scheduling provider confirmed) and paid checkouts per campaign, source or medium, for the top groups with the rest summed as Other, and per UTC day",
      { description: "The funnel", content: json(funnelReportSchema) },
      {
        parameters: [
          day("from", "First day"),
          day("to", "Last day"),
          {
            name: "by",
            in: "query",
            required: false,
            description: "How to group (default campaign)",
            schema: { type: "string", enum: [...funnelGroupings], default: "campaign" },
          },
        ],
      },
    ),
  },
  "/admin/links": {
    get: operatorRead(
      "Operators: every short link with its clicks and QR code scans, in total and in the range, and the UTC days of the range it was followed (days without any are left out)",
      { description: "The links", content: json(linksReportSchema) },
      { parameters: [day("from", "First day"), day("to", "Last day")] },
    ),
  },
  "/admin/activity": {
    get: operatorRead(
      `Operators: the activity log, newest first, ${ACTIVITY_PAGE_SIZE} entries a page: every change from the browser or the CLI with who, when, before and after. Entries are never edited or deleted`,
      { description: "One page of entries", content: json(activityPageSchema) },
      {
        parameters: [
          {
            name: "kind",
            in: "query",
            required: false,
            description: "Only entries of this kind",
            schema: { type: "string", enum: [...activityKinds] },
          },
          {
            name: "before",
            in: "query",
            required: false,
            description: "Only entries older than this entry id (the previous page's nextBefore)",
            schema: { type: "integer", minimum: 1 },
          },
        ],
      },
    ),
  },
};

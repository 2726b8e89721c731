import { type ActivityKind, activityPageSchema } from "@bakery/shared/admin-activity-contract";
import { api } from "#app/lib/api/browser-api-client.ts";

/** A page of the activity log, newest first: of `kind` if given, older than entry `before`. */
export function loadActivity(kind: ActivityKind | undefined, before?: number) {
  const query = new URLSearchParams();
  if (kind) query.set("kind", kind);
  if (before !== undefined) query.set("before", String(before));
  const search = query.size > 0 ? `?${query}` : "";
  return api.get(`/admin/activity${search}`, activityPageSchema);
}

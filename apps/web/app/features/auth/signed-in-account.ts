import { isKnownProfileStatus, meSchema } from "@bakery/shared/api-contract";
import { api } from "#app/lib/api/browser-api-client.ts";

/**
 * Who the signed-in visitor is, as the API says (GET /api/me). The identity session
 * (firebase-auth-session.ts) imports this only once a user appears: the API client and the
 * contract's schemas it brings are a large module evaluation of their own, which a visitor who
 * has not signed in yet need not wait through on /login, and which does not lengthen the
 * identity SDK's own start-up on a slow phone's main thread. The build puts it in the API
 * client's file (build-steps/chunk-groups.ts), which /login downloads with the SDK (modules-after-boot.ts).
 */
export async function fetchSignedInAccount() {
  const me = await api.get("/me", meSchema);
  warnOfUnknownStatus(me.user.profile.status);
  return me;
}

const reportedStatuses = new Set<string>();

/** A status newer than this build is routed by the general rules; say so once per page. */
function warnOfUnknownStatus(status: string) {
  if (isKnownProfileStatus(status) || reportedStatuses.has(status)) return;
  reportedStatuses.add(status);
  console.warn(`Unknown profile status "${status}": routed like a settled account`);
}

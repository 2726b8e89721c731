import { redirectResultSchema } from "@bakery/shared/api-contract";
import type { ShortLinkOutcome } from "@bakery/shared/short-link-outcome";
import { type ApiClient, ApiRequestError } from "#app/lib/api/api-client.ts";
import { checkedShortLinkTarget, shortLinkApiPath } from "./short-link-target.ts";

/** What the link page can land on, or that the API client already sent the browser elsewhere (sign-in, or a moved link). */
export type ShortLinkPageOutcome =
  | Extract<ShortLinkOutcome, { kind: "go" | "ended" | "not-found" }>
  | { kind: "leaving" };

const targetRefused = { kind: "not-found", reason: "target-refused" } as const;

/**
 * Asks the API where a short link leads and checks the answer before the
 * browser goes there (checkedShortLinkTarget). `search`: the query of the page's address (its
 * scan marker is passed on). `started`: the API's answer to this question, asked for
 * before the app ran (early-short-link-lookup.ts), read instead of asking again.
 */
export async function resolveShortLink(
  api: ApiClient,
  cat: string,
  id: string,
  siteOrigin: string,
  search: string,
  started?: Promise<Response>,
): Promise<ShortLinkPageOutcome> {
  try {
    const { to } = await api.get(shortLinkApiPath(cat, id, search), redirectResultSchema, started);
    const target = checkedShortLinkTarget(to, siteOrigin);
    return target !== undefined ? { kind: "go", to: target } : targetRefused;
  } catch (error) {
    if (error instanceof ApiRequestError) {
      if (error.leavingPage) return { kind: "leaving" };
      if (error.status === 404 || error.status === 400) return { kind: "not-found" };
      // Expired, with no fallback: the link has ended.
      if (error.status === 410) return { kind: "ended" };
      // Moved to a place the client refused to follow (not on this site).
      if (error.status === 301) return targetRefused;
    }
    throw error;
  }
}

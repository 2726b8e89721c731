import { isbot } from "isbot";

/**
 * A request a person did not make: a crawler, a link-preview fetcher (messengers and
 * social sites fetch every link pasted into them) or a browser's prefetch/prerender. Such
 * requests are never counted: not as short-link clicks, not as landings.
 */
export function isAutomatedRequest(header: (name: string) => string | undefined): boolean {
  if (header("Sec-Purpose") || header("Purpose")) return true;
  return isbot(header("User-Agent") ?? "");
}

import { type AttributionRecord, readAttributionCookie } from "@bakery/shared/attribution-record";
import {
  captureAttribution,
  currentAttribution,
  landingPath,
  type SessionAttribution,
  type StorageLike,
} from "./capture-attribution.ts";

/** Reading window.localStorage itself throws where storage is disabled. */
function storage(kind: "localStorage" | "sessionStorage"): StorageLike | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

/** The live record in the cookie our server sets; reading document.cookie throws in a sandbox. */
function cookieRecord(now: number): AttributionRecord | undefined {
  try {
    return readAttributionCookie(document.cookie, now);
  } catch {
    return undefined;
  }
}

export function captureBrowserAttribution(): void {
  const now = Date.now();
  captureAttribution({
    url: window.location.href,
    referrer: document.referrer,
    now,
    localStorage: storage("localStorage"),
    sessionStorage: storage("sessionStorage"),
    replaceUrl: (url) => window.history.replaceState(window.history.state, "", url),
    cookieRecord: cookieRecord(now),
  });
}

/**
 * The visit's live attribution, from storage or else from our server's cookie: what the booking
 * frame, the pricing table and the conversion events carry.
 */
export function browserAttribution(): SessionAttribution | undefined {
  const now = Date.now();
  return currentAttribution(
    storage("localStorage"),
    storage("sessionStorage"),
    cookieRecord(now),
    now,
  );
}

/**
 * The visit's first page, which a conversion event names. Apart from the attribution: the
 * frame's and the table's inline scripts need only that, and every byte of theirs counts.
 */
export function browserLandingPath(): string | undefined {
  return landingPath(storage("sessionStorage"));
}

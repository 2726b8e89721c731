import type { LandingEvent } from "@bakery/shared/api-contract";
import { siteConfig } from "#app/site-config.ts";
import { landingPath, type StorageLike, thisVisitAttribution } from "./capture-attribution.ts";

/** sessionStorage flag: this visit's landing has been sent. */
export const landingReportedKey = "landing-reported";

/**
 * The landing this visit should report, if it has not yet: only a visit that started
 * from a campaign or an outside referrer has a source of its own in sessionStorage (a
 * saved source from an earlier visit does not count). Marks it sent before returning it,
 * so a visit reports at most once; where sessionStorage can't be written, nothing is
 * reported, since each page would count again.
 */
export function takeLandingToReport(session: StorageLike | undefined): LandingEvent | undefined {
  try {
    if (!session || session.getItem(landingReportedKey)) return undefined;
    const attribution = thisVisitAttribution(session);
    const landing = landingPath(session);
    if (!attribution || !landing) return undefined;
    session.setItem(landingReportedKey, "1");
    // Not checked against the contract here: zod would weigh on every page, and the API
    // refuses (and so does not count) anything the contract refuses. The reference goes with
    // the names: the API keeps them together, and the providers' webhooks credit them by it.
    const { ref, ...names } = attribution;
    return { type: "landing", attribution: names, ...(ref ? { ref } : {}), landing };
  } catch {
    return undefined;
  }
}

/**
 * Counts this visit's landing (POST /api/events) without holding the page up: a beacon
 * the browser sends in the background, even if the visitor leaves at once. The request
 * carries no token and nothing about the visitor; the API keeps a count per day, and the
 * visit's random reference with its names for the retention period (decision 0022).
 */
export function reportLanding(): void {
  let session: Storage | undefined;
  try {
    session = window.sessionStorage;
  } catch {
    return;
  }
  const event = takeLandingToReport(session);
  if (!event) return;
  const url = `${siteConfig.API_BASE_URL.replace(/\/$/, "")}/events`;
  const body = new Blob([JSON.stringify(event)], { type: "application/json" });
  try {
    if (navigator.sendBeacon(url, body)) return;
  } catch {
    // Some browsers refuse a JSON beacon to another origin (split-origin API): fetch can ask first.
  }
  void fetch(url, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json" },
    keepalive: true,
  }).catch(() => {});
}

import {
  type AttributionRecord,
  attributionFromLanding,
  isLiveAttribution,
  isVisitReference,
} from "@bakery/shared/attribution-record";

/**
 * Attribution capture (spec §3, §4): remembers where a visitor came from so a
 * booked demo or a checkout can be traced to its ad, text message or search.
 * Pure apart from what is passed in, so every rule is tested without a browser.
 * What a landing saves, and how values are cleaned, is decided once for the browser and our
 * server (@bakery/shared/attribution-record); here it is kept in storage.
 */

/**
 * sessionStorage "utm": the visit's source and reference (localStorage "utm" keeps them 30
 * days, with ts).
 */
export type SessionAttribution = Omit<AttributionRecord, "ts">;

export const attributionStorageKey = "utm";
export const landingStorageKey = "landing";

export type StorageLike = Pick<Storage, "getItem" | "setItem">;

export type CaptureInput = {
  /** The full address of the page being entered. */
  url: string;
  /** document.referrer ("" when there is none). */
  referrer: string;
  now: number;
  localStorage: StorageLike | undefined;
  sessionStorage: StorageLike | undefined;
  /** Replaces the address without a navigation (history.replaceState). */
  replaceUrl: (url: string) => void;
  /**
   * The live record in the cookie our server sets (readAttributionCookie), which outlives
   * script-written storage on Safari: while it lives, a referrer does not replace it, and
   * localStorage without a record of its own takes it back. Set for this very landing (the
   * same names), it gives the visit its reference.
   */
  cookieRecord?: AttributionRecord | undefined;
};

/** Any storage call may throw (disabled, full, sandboxed): never let that break the page. */
function attempt<T>(action: () => T): T | undefined {
  try {
    return action();
  } catch {
    return undefined;
  }
}

/** The saved record, if there is a well-formed one; corrupt records read as none. */
export function readSavedAttribution(
  storage: StorageLike | undefined,
): AttributionRecord | undefined {
  const raw = attempt(() => storage?.getItem(attributionStorageKey));
  if (!raw) return undefined;
  const parsed = attempt(() => JSON.parse(raw) as unknown);
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { utms, utmm, utmc, ts, ref } = parsed as Record<string, unknown>;
  if (typeof utms !== "string" || typeof utmm !== "string" || typeof utmc !== "string")
    return undefined;
  if (typeof ts !== "number" || !Number.isFinite(ts)) return undefined;
  // A record saved before references existed has none.
  return { utms, utmm, utmc, ts, ref: isVisitReference(ref) ? ref : undefined };
}

/** Writes `value` as the record in `storage`; true when it was kept. */
function keep(storage: StorageLike | undefined, value: object): boolean {
  return Boolean(
    storage &&
      attempt(() => {
        storage.setItem(attributionStorageKey, JSON.stringify(value));
        return true;
      }),
  );
}

/** Runs once on every entry to the site, before any page reads attribution. */
export function captureAttribution(input: CaptureInput): void {
  const url = new URL(input.url);

  if (!attempt(() => input.sessionStorage?.getItem(landingStorageKey))) {
    attempt(() => input.sessionStorage?.setItem(landingStorageKey, url.pathname));
  }

  const savedIsLive = isLiveAttribution(readSavedAttribution(input.localStorage), input.now);
  // First landing wins for the visit: where localStorage is unusable, the visit's own
  // source is the only record, and a later referrer must not replace it.
  const visitHasSource = Boolean(
    attempt(() => input.sessionStorage?.getItem(attributionStorageKey)),
  );
  const storageHasRecord = savedIsLive || visitHasSource;
  // What this landing saves as far as storage knows; the cookie is weighed below.
  const landed = attributionFromLanding({
    url,
    referrer: input.referrer,
    now: input.now,
    hasLiveRecord: () => storageHasRecord,
  });
  const cookie = input.cookieRecord;
  const fromCampaign = url.searchParams.has("utm_source");
  let record: AttributionRecord | undefined;
  if (
    landed &&
    cookie &&
    `${landed.utms}\n${landed.utmm}\n${landed.utmc}` ===
      `${cookie.utms}\n${cookie.utmm}\n${cookie.utmc}`
  ) {
    // Our server set the cookie for this very landing (the same names; no name holds a line
    // break, so joined they compare one by one): its reference is the visit's, so the one just
    // made is dropped and the visit has one reference wherever it is read. A cookie from before
    // references existed has none, and the landing keeps its own.
    record = { ...landed, ref: cookie.ref ?? landed.ref };
  } else if (landed && (fromCampaign || !cookie)) {
    // A campaign link replaces any record; a referrer only when none lives, the cookie's included.
    record = landed;
  } else if (cookie && !storageHasRecord) {
    // Storage emptied (Safari's 7-day cap) while the server's cookie lives on: localStorage takes
    // the cookie's record back, its reference too. Not as this visit's source: it is an earlier
    // visit's, whose landing was counted then.
    keep(input.localStorage, cookie);
  }
  if (!record) return;
  // The visit's source is the record without its time, which only localStorage needs.
  const { ts: _, ...source } = record;
  const keptLocally = keep(input.localStorage, record);
  // Unsaved, the parameters stay in the address: the page can still pass them on.
  if (!(keep(input.sessionStorage, source) || keptLocally) || !fromCampaign) return;
  // Other parameters (the demo prefill, say) stay for the page to use.
  for (const key of [...url.searchParams.keys()]) {
    if (key.startsWith("utm_")) url.searchParams.delete(key);
  }
  input.replaceUrl(`${url.pathname}${url.search}${url.hash}`);
}

/** The source this visit itself came with (kept in sessionStorage at capture), if any. */
export function thisVisitAttribution(
  sessionStorage: StorageLike | undefined,
): SessionAttribution | undefined {
  const raw = attempt(() => sessionStorage?.getItem(attributionStorageKey));
  const session = raw ? attempt(() => JSON.parse(raw) as Partial<SessionAttribution>) : undefined;
  if (!session || typeof session.utms !== "string" || !session.utms) return undefined;
  return {
    utms: session.utms,
    utmm: String(session.utmm ?? ""),
    utmc: String(session.utmc ?? ""),
    ref: isVisitReference(session.ref) ? session.ref : undefined,
  };
}

/**
 * The attribution a conversion should carry: this visit's, else the saved one if live, else
 * the live one in our server's cookie (what is left when Safari has wiped storage). The saved
 * record comes before the cookie: the server sees only the cookie, so it may have kept a
 * referrer the browser rightly ignored.
 */
export function currentAttribution(
  localStorage: StorageLike | undefined,
  sessionStorage: StorageLike | undefined,
  cookieRecord: AttributionRecord | undefined,
  now: number,
): SessionAttribution | undefined {
  const visit = thisVisitAttribution(sessionStorage);
  if (visit) return visit;
  const saved = readSavedAttribution(localStorage);
  return isLiveAttribution(saved, now) ? saved : cookieRecord;
}

export function landingPath(sessionStorage: StorageLike | undefined): string | undefined {
  return attempt(() => sessionStorage?.getItem(landingStorageKey)) ?? undefined;
}

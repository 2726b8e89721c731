/**
 * Attribution capture (spec §3, §4): remembers where a visitor came from so a
 * booked demo or a checkout can be traced to its ad, text message or search.
 * Pure apart from what is passed in, so every rule is tested without a browser.
 */

/** localStorage "utm": the visitor's source, kept for 30 days. */
export type AttributionRecord = { utms: string; utmm: string; utmc: string; ts: number };
/** sessionStorage "utm": the same source, for this visit. */
export type SessionAttribution = { utms: string; utmm: string; utmc: string };

export const attributionLifetimeMs = 2_592_000_000;
export const attributionStorageKey = "utm";
export const landingStorageKey = "landing";

/** The longest source, medium or campaign kept: enough for any real tag, bounded for storage and URLs. */
export const attributionValueMaxLength = 200;

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
};

function clean(value: string | null): string {
  return (value ?? "").trim().slice(0, attributionValueMaxLength);
}

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
  const { utms, utmm, utmc, ts } = parsed as Record<string, unknown>;
  if (typeof utms !== "string" || typeof utmm !== "string" || typeof utmc !== "string")
    return undefined;
  if (typeof ts !== "number" || !Number.isFinite(ts)) return undefined;
  return { utms, utmm, utmc, ts };
}

function isUnexpired(record: AttributionRecord | undefined, now: number): boolean {
  return record !== undefined && now - record.ts < attributionLifetimeMs;
}

/** True when at least one storage kept the source. */
function save(input: CaptureInput, source: SessionAttribution): boolean {
  const record: AttributionRecord = { ...source, ts: input.now };
  const keptLocally = attempt(() => {
    if (!input.localStorage) return false;
    input.localStorage.setItem(attributionStorageKey, JSON.stringify(record));
    return true;
  });
  const keptForVisit = attempt(() => {
    if (!input.sessionStorage) return false;
    input.sessionStorage.setItem(attributionStorageKey, JSON.stringify(source));
    return true;
  });
  return keptLocally === true || keptForVisit === true;
}

/** Runs once on every entry to the site, before any page reads attribution. */
export function captureAttribution(input: CaptureInput): void {
  const url = new URL(input.url);

  if (!attempt(() => input.sessionStorage?.getItem(landingStorageKey))) {
    attempt(() => input.sessionStorage?.setItem(landingStorageKey, url.pathname));
  }

  if (url.searchParams.has("utm_source")) {
    const saved = save(input, {
      utms: clean(url.searchParams.get("utm_source")),
      utmm: clean(url.searchParams.get("utm_medium")),
      utmc: clean(url.searchParams.get("utm_campaign")),
    });
    // Unsaved, the parameters stay in the address: the page can still pass them on.
    if (!saved) return;
    // Other parameters (the demo prefill, say) stay for the page to use.
    for (const key of [...url.searchParams.keys()]) {
      if (key.startsWith("utm_")) url.searchParams.delete(key);
    }
    input.replaceUrl(`${url.pathname}${url.search}${url.hash}`);
    return;
  }

  const referrerHost = attempt(() => (input.referrer ? new URL(input.referrer).hostname : ""));
  if (!referrerHost || referrerHost === url.hostname) return;
  if (isUnexpired(readSavedAttribution(input.localStorage), input.now)) return;
  // First landing wins for the visit: where localStorage is unusable, the visit's own
  // source is the only record, and a later referrer must not replace it.
  if (attempt(() => input.sessionStorage?.getItem(attributionStorageKey))) return;
  save(input, { utms: referrerHost, utmm: "", utmc: "" });
}

/** The attribution a conversion should carry: this visit's, else the saved one if unexpired. */
export function currentAttribution(
  localStorage: StorageLike | undefined,
  sessionStorage: StorageLike | undefined,
  now: number,
): SessionAttribution | undefined {
  const saved = readSavedAttribution(localStorage);
  const raw = attempt(() => sessionStorage?.getItem(attributionStorageKey));
  const session = raw ? attempt(() => JSON.parse(raw) as Partial<SessionAttribution>) : undefined;
  if (session && typeof session.utms === "string" && session.utms) {
    return {
      utms: session.utms,
      utmm: String(session.utmm ?? ""),
      utmc: String(session.utmc ?? ""),
    };
  }
  if (saved && isUnexpired(saved, now))
    return { utms: saved.utms, utmm: saved.utmm, utmc: saved.utmc };
  return undefined;
}

export function landingPath(sessionStorage: StorageLike | undefined): string | undefined {
  return attempt(() => sessionStorage?.getItem(landingStorageKey)) ?? undefined;
}

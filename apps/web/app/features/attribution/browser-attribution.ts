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

export function captureBrowserAttribution(): void {
  captureAttribution({
    url: window.location.href,
    referrer: document.referrer,
    now: Date.now(),
    localStorage: storage("localStorage"),
    sessionStorage: storage("sessionStorage"),
    replaceUrl: (url) => window.history.replaceState(window.history.state, "", url),
  });
}

export function browserAttribution(): {
  attribution: SessionAttribution | undefined;
  landing: string | undefined;
} {
  return {
    attribution: currentAttribution(storage("localStorage"), storage("sessionStorage"), Date.now()),
    landing: landingPath(storage("sessionStorage")),
  };
}

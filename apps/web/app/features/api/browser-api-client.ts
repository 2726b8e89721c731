import { siteConfig } from "../../site-config.ts";
import { createApiClient } from "./api-client.ts";

let idTokenSource: () => Promise<string> = async () => "";

/** The sign-in feature registers how to get a fresh ID token once it has loaded. */
export function setIdTokenSource(source: () => Promise<string>): void {
  idTokenSource = source;
}

export const api = createApiClient({
  baseUrl: siteConfig.API_BASE_URL,
  getIdToken: () => idTokenSource(),
  location: () => ({
    origin: window.location.origin,
    pathAndQuery: window.location.pathname + window.location.search,
  }),
  navigate: (url) => window.location.assign(url),
  fetch: (...args) => window.fetch(...args),
});

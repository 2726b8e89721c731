import { siteConfig } from "#app/site-config.ts";
import { createApiClient } from "./api-client.ts";
import { currentIdToken } from "./id-token-source.ts";

export const api = createApiClient({
  baseUrl: siteConfig.API_BASE_URL,
  getIdToken: currentIdToken,
  location: () => ({
    origin: window.location.origin,
    pathAndQuery: window.location.pathname + window.location.search,
  }),
  navigate: (url) => window.location.replace(url),
  fetch: (...args) => window.fetch(...args),
});

import type { Context } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { methodNotAllowed, notFound, problemResponse } from "./errors.ts";

/** The 404 for an address the API has no route at. */
export const noSuchRoute = () => notFound("No such API route");

/** A route as Hono lists it in `app.routes`. */
interface RegisteredRoute {
  method: string;
  path: string;
}

export interface MissingRouteOptions {
  /** CORS is on, so its middleware answers OPTIONS (the preflight) at every address. */
  corsPreflight: boolean;
}

/**
 * The answer to an API request no route took. A path that exists under other methods gets
 * 405 with `Allow` (RFC 9110 §15.5.6): a 404 would tell the caller, and whoever reads the
 * logs, that the address is wrong when the method is. Anything else gets the JSON 404.
 *
 * `routes` is read once, now: pass `app.routes` right after the last route a request can
 * reach, so a catch-all or site route registered later is not mistaken for an API path.
 */
export function answerMissingRoute(
  routes: readonly RegisteredRoute[],
  { corsPreflight }: MissingRouteOptions,
): (c: Context) => Response {
  // Matched by Hono's own router, so ":id", optional parts and wildcards mean here what they
  // mean to the app. Every route goes in under "ALL", with the method it accepts as its value.
  const methodsByPath = new TrieRouter<string>();
  for (const route of routes) {
    // `app.use` middleware is listed as "ALL": it passes requests on and answers none itself.
    if (route.method !== "ALL") methodsByPath.add("ALL", route.path, route.method);
  }

  return (c) => {
    const [matches] = methodsByPath.match("ALL", c.req.path);
    const registered = [...new Set(matches.map(([method]) => method))].sort();
    const allowed = [
      ...registered,
      // Hono answers HEAD with the GET route, without its body.
      ...(registered.includes("GET") ? ["HEAD"] : []),
      ...(corsPreflight && registered.length > 0 ? ["OPTIONS"] : []),
    ].sort();
    // A route for this very method passed the request on: the method is not what's wrong.
    if (registered.length === 0 || allowed.includes(c.req.method)) {
      return problemResponse(c, noSuchRoute());
    }
    return problemResponse(c, methodNotAllowed(c.req.method, registered, allowed));
  };
}

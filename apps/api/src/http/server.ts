import type { IncomingMessage, Server, ServerOptions, ServerResponse } from "node:http";
import net from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";

/**
 * The Node HTTP server's own limits, checked before any request reaches Hono: headers
 * over 16 KiB are refused with 431 (a Firebase ID token is about 1 KiB), and a client gets
 * 10 s to send its headers and 30 s for the whole request, so slow senders can't hold
 * connections open (Node's defaults are 60 s and 5 min).
 *
 * An idle kept-alive connection stays open 65 s (Node's default is 5 s), longer than the
 * 60 s idle timeout of the usual proxies and load balancers: whoever closes an idle
 * connection must be the client side, or a request it sends just as the server closes is
 * reset (a 502 at a proxy, ECONNRESET at a client). Idle connections are cheap; the
 * header and request timeouts above still bound a connection that is sending.
 */
export const HTTP_SERVER_OPTIONS = {
  maxHeaderSize: 16 * 1024,
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 65_000,
} as const satisfies ServerOptions;

/**
 * How long shutdown waits for the requests being answered before cutting the connections
 * (main.ts's signal handler gives up on the whole shutdown at 10 s).
 */
export const SHUTDOWN_GRACE_MS = 8_000;

export interface HttpServer {
  server: Server;
  /**
   * Graceful stop: no new connections, every request already received is answered, idle
   * connections are closed. Resolves once every connection is closed; after `graceMs`
   * whatever is left is cut.
   */
  close(graceMs?: number): Promise<void>;
}

export function listenHttp(
  app: Pick<Hono, "fetch">,
  address: { hostname: string; port: number },
): Promise<HttpServer> {
  return new Promise((resolve, reject) => {
    // Plain HTTP/1.1 (serve's default), so the node:http Server methods are available.
    const server = serve(
      { fetch: app.fetch, ...address, serverOptions: { ...HTTP_SERVER_OPTIONS } },
      () => resolve({ server, close: (graceMs) => drain.close(graceMs) }),
    ) as Server;
    const drain = drainable(server);
    server.once("error", reject);
  });
}

/**
 * A request already on its way over a kept-alive connection when shutdown begins gets this
 * long to arrive (and is then answered) before idle connections are closed: closing a
 * connection the client has just written to resets it, and the client can't tell whether
 * its request (a POST, say) was done.
 */
const LAST_CALL_MS = 250;

function drainable(server: Server) {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let closed: Promise<void> | undefined;

  // Prepended, so it runs before Hono's listener starts the response.
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    // Once shutdown began, every answer is the last one on its connection.
    if (draining) res.setHeader("Connection", "close");
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });

  /**
   * 1. Stop accepting connections, and make every answer from now on the last one on its
   *    connection (`Connection: close`), so keep-alive clients stop sending on it.
   * 2. After a short last call, close the connections that are still idle.
   * 3. Resolve once the requests being answered have finished and every connection is closed.
   */
  function close(graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
    closed ??= new Promise<void>((resolve) => {
      draining = true;
      for (const res of inFlight) {
        if (!res.headersSent) res.setHeader("Connection", "close");
      }
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      force.unref();
      // net.Server's close, not http.Server's: http's would also drop idle keep-alive
      // connections at once, resetting requests already on their way over them.
      net.Server.prototype.close.call(server, () => {
        clearTimeout(force);
        server.close(); // now only stops http's connection-timeout checks
        resolve();
      });
      setTimeout(() => {
        // After the event loop's next poll, so requests already received are read (and so
        // no longer idle) even if the loop was busy when the timer fired.
        setImmediate(() => server.closeIdleConnections());
      }, LAST_CALL_MS).unref();
    });
    return closed;
  }

  return { close };
}

import type { ReactNode } from "react";
import { Links, Meta, Scripts, ScrollRestoration } from "react-router";
import faviconDataUrl from "../public/favicon.svg?url&inline";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import frauncesLatin from "./fonts/fraunces-latin-wght-400-600.woff2?url";
import interLatin from "./fonts/inter-latin-wght-400-700.woff2?url";
import { ApplicationError } from "./layout/application-error.tsx";
import { productTitle } from "./seo/page-meta.ts";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: frauncesLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // The icon in the page itself. As a file, the browser asks for it at the load event, and it
  // takes one of the six connections a browser opens to a host over HTTP/1.1, which the app's
  // modules are waiting for, so one of them waits a round trip more (bench/results/history.md,
  // "Connections at the first paint"). /favicon.svg stays for the web manifest and for other
  // clients.
  { rel: "icon", href: faviconDataUrl, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

// Pages without a title of their own (the SPA fallback before a route has loaded)
// still name the product in the tab.
export const meta: Route.MetaFunction = () => [{ title: productTitle }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#78374a" />
        {/* With a precedence React writes the stylesheet before the script preloads, so
            the one render-blocking request is not queued behind them. */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-cream">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export { Outlet as default } from "react-router";

// The SPA fallback's content (pages the app renders on the client: /page/:handle, …).
export { PageLoading as HydrateFallback } from "./layout/page-loading.tsx";

/** Only when even the site's frame failed: routes that can fail show errors inside it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="min-h-dvh">
      <ApplicationError error={error} />
    </main>
  );
}

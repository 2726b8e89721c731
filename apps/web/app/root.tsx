import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { ApplicationError } from "./layout/application-error.tsx";
import { siteConfig } from "./site-config.ts";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: frauncesLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === "string" ? error.data : undefined;
    return (
      <ApplicationError
        status={error.status}
        text={error.statusText || message || "Error"}
        message={error.statusText ? message : undefined}
        companyName={siteConfig.COMPANY_NAME}
      />
    );
  }
  return (
    <ApplicationError
      status={undefined}
      text={error instanceof Error ? error.message : "Unknown error"}
      message={undefined}
      companyName={siteConfig.COMPANY_NAME}
    />
  );
}

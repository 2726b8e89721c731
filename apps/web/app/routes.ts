import { pageNotFoundPath } from "@bakery/shared/api-contract";
import { shortLinkProblemPaths } from "@bakery/shared/short-link-outcome";
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("layout/site-layout.tsx", [
    index("routes/landing.tsx", { id: "landing" }),
    route("saas", "routes/landing.tsx", { id: "landing-saas" }),
    route("book-demo", "routes/book-demo.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("signup", "routes/signup.tsx"),
    // The optional segment is where the build prerenders each legal page's template (decision 29).
    route("privacy-policy/_?", "routes/privacy-policy.tsx"),
    route("terms-of-service/_?", "routes/terms-of-service.tsx"),
    route("page/:handle", "routes/content-page.tsx"),
    // Outside /page/, so no content page's handle can be it.
    route(pageNotFoundPath.slice(1), "routes/page-not-found.tsx"),
    route("login", "routes/login.tsx"),
    route("to/:cat/:id", "routes/short-link.tsx"),
    // One segment after /to/, so no short link's address (/to/:cat/:id) can be one of them.
    ...Object.entries(shortLinkProblemPaths).map(([reason, path]) =>
      route(path.slice(1), "routes/short-link-problem.tsx", { id: `short-link-${reason}` }),
    ),
    route("dashboard", "routes/dashboard.tsx"),
    route("dashboard/activity", "routes/dashboard-activity.tsx"),
    route("dashboard/pages", "routes/dashboard-pages.tsx"),
    route("dashboard/pages/:handle", "routes/dashboard-page-editor.tsx"),
    route("dashboard/team", "routes/dashboard-team.tsx"),
    route("*", "routes/unknown-path.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("manifest.webmanifest", "routes/web-manifest.ts"),
] satisfies RouteConfig;

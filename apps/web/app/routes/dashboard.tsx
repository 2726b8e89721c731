import { Link } from "react-router";
import { OperatorDashboard } from "#app/features/dashboard/operator-dashboard.tsx";
import { OperatorOnly } from "#app/layout/operator-only.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";
import { siteConfig } from "#app/site-config.ts";

/**
 * The dashboard's parts, one tap away on a phone, where the reports are a long scroll: the
 * first three are on this page (operator-dashboard.tsx's headings and the chart's figure).
 */
const sections = [
  { label: "Funnel", href: "#funnel-heading" },
  { label: "Chart", href: "#daily-chart" },
  { label: "Short links", href: "#links-heading" },
] as const;

function DashboardSections() {
  const linkClass = "font-semibold text-brand-700 underline underline-offset-4";
  return (
    <nav aria-label="Dashboard sections">
      <ul className="flex flex-wrap gap-x-5 gap-y-2">
        {sections.map((section) => (
          <li key={section.href}>
            <a href={section.href} className={linkClass}>
              {section.label}
            </a>
          </li>
        ))}
        <li>
          <Link to="/dashboard/activity" className={linkClass}>
            Activity log: who changed what
          </Link>
        </li>
      </ul>
    </nav>
  );
}

export const meta = () =>
  pageMeta({
    title: "Marketing dashboard",
    description: `How ${siteConfig.PRODUCT_NAME}'s campaigns and short links are doing.`,
    canonicalPath: "/dashboard",
    // For the team only: never in search results, never prerendered, not in the sitemap.
    noindex: true,
  });

/**
 * The team's marketing dashboard (issue 17): rendered in the browser only, from the SPA
 * fallback, as its own chunk, so no public page carries its code.
 */
export default function Dashboard() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <h1 className="font-semibold text-3xl text-ink sm:text-4xl">Marketing dashboard</h1>
      <OperatorOnly>
        <DashboardSections />
        <OperatorDashboard />
      </OperatorOnly>
    </div>
  );
}

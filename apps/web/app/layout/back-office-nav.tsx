import { Link } from "react-router";

/** The team's screens (issue 41), in the order the nav lists them. */
const backOfficeScreens = [
  { id: "dashboard", label: "Dashboard", path: "/dashboard" },
  { id: "pages", label: "Pages", path: "/dashboard/pages" },
  { id: "team", label: "Team", path: "/dashboard/team" },
  { id: "activity", label: "Activity", path: "/dashboard/activity" },
] as const;

export type BackOfficeScreen = (typeof backOfficeScreens)[number]["id"];

/**
 * The dashboard's parts, one tap away on a phone, where the reports are a long scroll
 * (operator-dashboard.tsx's headings and the chart's figure).
 */
const dashboardSections = [
  { label: "Funnel", href: "#funnel-heading" },
  { label: "Chart", href: "#daily-chart" },
  { label: "Short links", href: "#links-heading" },
] as const;

const screenLink =
  "inline-flex min-h-11 items-center rounded-full px-4 font-semibold text-brand-800 underline-offset-4 hover:bg-brand-50 hover:underline aria-[current=page]:bg-brand-700 aria-[current=page]:text-white aria-[current=page]:hover:no-underline";
const sectionLink = "font-semibold text-brand-700 underline underline-offset-4";

/**
 * The back office's navigation, on each of its screens (for operators only, inside
 * OperatorOnly): the screens, the one shown marked as the current page, and on the dashboard
 * its sections. Both lists wrap on a narrow phone rather than scroll sideways.
 */
export function BackOfficeNav({ current }: { current: BackOfficeScreen }) {
  return (
    <div className="flex flex-col gap-3">
      <nav aria-label="Back office">
        <ul className="flex flex-wrap gap-2">
          {backOfficeScreens.map((screen) => (
            <li key={screen.id}>
              <Link
                to={screen.path}
                aria-current={screen.id === current ? "page" : undefined}
                className={screenLink}
              >
                {screen.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current === "dashboard" ? (
        <nav aria-label="Dashboard sections">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {dashboardSections.map((section) => (
              <li key={section.href}>
                <a href={section.href} className={sectionLink}>
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

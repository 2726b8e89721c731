import type { ReactNode } from "react";
import { BackOfficeNav, type BackOfficeScreen } from "#app/layout/back-office-nav.tsx";
import { OperatorOnly } from "#app/layout/operator-only.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";

/** A back-office screen's meta tags: for the team only, never in search results, never prerendered. */
export const backOfficeMeta = (screen: {
  title: string;
  description: string;
  canonicalPath: string;
}) => pageMeta({ ...screen, noindex: true });

/**
 * What every back-office screen has around its content: its heading, then, for operators
 * only, the back office's navigation (`current` marked) and the content.
 */
export function BackOfficeFrame({
  heading,
  current,
  breakHeading = false,
  children,
}: {
  heading: ReactNode;
  current: BackOfficeScreen;
  /** For a heading with a handle in it, which may be longer than a phone is wide. */
  breakHeading?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:py-14">
      <h1
        className={`${breakHeading ? "break-all " : ""}font-semibold text-3xl text-ink sm:text-4xl`}
      >
        {heading}
      </h1>
      <OperatorOnly>
        <BackOfficeNav current={current} />
        {children}
      </OperatorOnly>
    </div>
  );
}

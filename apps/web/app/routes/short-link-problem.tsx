import { shortLinkProblemPaths } from "@bakery/shared/short-link-outcome";
import { useLocation } from "react-router";
import {
  ShortLinkProblem,
  type ShortLinkProblemReason,
  shortLinkProblemText,
} from "#app/features/short-links/short-link-problem.tsx";
import { pageMeta } from "#app/seo/page-meta.ts";
import type { Route } from "./+types/short-link-problem";

const reasons = Object.keys(shortLinkProblemPaths) as ShortLinkProblemReason[];

/** Which problem the address names: this module serves each of shortLinkProblemPaths. */
function reasonAt(pathname: string): ShortLinkProblemReason {
  const path = pathname.replace(/\/+$/, "");
  return reasons.find((reason) => shortLinkProblemPaths[reason] === path) ?? "unknown";
}

export const meta = ({ location }: Route.MetaArgs) =>
  pageMeta({
    title: shortLinkProblemText[reasonAt(location.pathname)].title,
    description: "A short link that could not be followed.",
    canonicalPath: "/",
    noindex: true,
  });

/**
 * The page for a short link that cannot be followed, prerendered with no app at all
 * (build-steps/app-free-pages.ts): the server answers it with 404 at the link's own address
 * (apps/api/src/short-links/short-link-navigation.ts), so the visitor reads what happened at
 * the first paint, with or without JavaScript.
 */
export default function ShortLinkProblemPage() {
  return <ShortLinkProblem reason={reasonAt(useLocation().pathname)} />;
}

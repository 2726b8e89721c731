import { data } from "react-router";
import { sessionIsLeavingPage } from "#app/features/auth/load-auth-session.ts";
import { takeEarlyShortLinkLookup } from "#app/features/short-links/early-short-link-lookup.ts";
import {
  resolveShortLink,
  type ShortLinkPageOutcome,
} from "#app/features/short-links/resolve-short-link.ts";
import {
  ShortLinkProblem,
  type ShortLinkProblemReason,
  shortLinkProblemText,
} from "#app/features/short-links/short-link-problem.tsx";
import { ApplicationError } from "#app/layout/application-error.tsx";
import { WaitingForApp } from "#app/layout/waiting-for-app.tsx";
import { ApiNetworkError, ApiRequestError } from "#app/lib/api/api-client.ts";
import { api } from "#app/lib/api/browser-api-client.ts";
import { accountWasSetUp } from "#app/lib/sign-in-memory.ts";
import { pageMeta } from "#app/seo/page-meta.ts";
import { ParseTimeSlot } from "#app/ui/parse-time-slot.tsx";
import type { Route } from "./+types/short-link";

// Named for what the page shows: the link it is opening, or why it can't (the tab, and a
// screen reader's page title).
export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({
    title:
      loaderData?.kind === "not-found" || loaderData?.kind === "ended"
        ? shortLinkProblemText[problemReason(loaderData)].title
        : "Opening your link",
    description: "Taking you to your link.",
    canonicalPath: "/",
    noindex: true,
  });

/** The problem page's words for an outcome the link can't be followed to. */
function problemReason(
  outcome: Extract<ShortLinkPageOutcome, { kind: "ended" | "not-found" }>,
): ShortLinkProblemReason {
  return outcome.kind === "ended" ? outcome.kind : (outcome.reason ?? "unknown");
}

const leavingPage = { kind: "leaving" } as const;

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  // A signed-in visitor the session is already sending on (onboarding) goes there,
  // not to the link: one rule decides (docs/decisions/0012). The link is asked for
  // after the session's answer, or, for an account this browser last saw set up, at
  // the same time (a request latency sooner); either way that answer comes first.
  const leaving = sessionIsLeavingPage();
  if (!accountWasSetUp() && (await leaving)) return leavingPage;
  // The page's head may have asked already, and even be on its way to the target.
  const early = await takeEarlyShortLinkLookup();
  if (early?.going) return leavingPage;
  const link = linkOutcome(params, new URL(request.url).search, early?.answer);
  link.catch(() => {}); // a refusal is thrown below, once the session has answered
  if (await leaving) return leavingPage;
  const outcome = await link;
  // replace(): the short link itself should not stay in the back history.
  if (outcome.kind === "go") window.location.replace(outcome.to);
  return outcome;
}
clientLoader.hydrate = true as const;

/** The link's checked target, or the API's refusal as this route's error (its status kept). */
async function linkOutcome(
  { cat, id }: Route.ClientLoaderArgs["params"],
  search: string,
  started: Promise<Response> | undefined,
): Promise<ShortLinkPageOutcome> {
  try {
    return await resolveShortLink(api, cat, id, window.location.origin, search, started);
  } catch (error) {
    if (error instanceof ApiNetworkError) throw data(error.message, error.timedOut ? 504 : 503);
    // An answer that is not the API's (an HTML page, a body cut short) may come with any
    // status, 200 included: to the visitor it is a bad gateway's.
    if (error instanceof ApiRequestError) {
      throw data(
        error.message,
        error.code === "bad_response" || error.status < 400 ? 502 : error.status,
      );
    }
    throw error;
  }
}

/** Inside the site's frame: the visitor keeps the top bar and footer, and can try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ApplicationError error={error} />;
}

function OpeningLink() {
  return <WaitingForApp title="Opening your link" />;
}

export function HydrateFallback() {
  return (
    <>
      {/* The page's HTML looks the link up and goes, before the app has loaded. */}
      <ParseTimeSlot script="short-link-lookup" className="hidden" />
      <OpeningLink />
    </>
  );
}

export default function ShortLink({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "go" || loaderData.kind === "leaving") return <OpeningLink />;
  return <ShortLinkProblem reason={problemReason(loaderData)} />;
}

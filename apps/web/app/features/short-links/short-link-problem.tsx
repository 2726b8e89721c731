import type { ShortLinkProblemReason } from "@bakery/shared/short-link-outcome";
import { Link } from "react-router";
import { buttonClasses } from "#app/ui/button-styles.ts";

export type { ShortLinkProblemReason };

/** Why a short link was not followed, in the visitor's words: one entry per problem page. */
export const shortLinkProblemText: Record<
  ShortLinkProblemReason,
  { title: string; explanation: string }
> = {
  unknown: {
    title: "This link doesn't exist",
    explanation:
      "It may have expired or been mistyped. Check the message you received, or start from our home page.",
  },
  "target-refused": {
    title: "This link can't be opened",
    explanation:
      "It points somewhere we can't safely send you. Please contact the bakery that sent it.",
  },
  ended: {
    title: "This link has ended",
    explanation: "The offer or page it led to is no longer available.",
  },
};

/**
 * What a visitor sees for a link that cannot be followed: the app's link page once the API
 * has said so, and the page the server answers with 404 when it knows at once
 * (routes/short-link-problem.tsx). A plain link onwards, so it works without JavaScript.
 */
export function ShortLinkProblem({ reason }: { reason: ShortLinkProblemReason }) {
  const { title, explanation } = shortLinkProblemText[reason];
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-5 px-4 py-24 text-center">
      <h1 className="font-semibold text-3xl text-ink">{title}</h1>
      <p className="text-cocoa">{explanation}</p>
      <Link to="/" className={buttonClasses("primary")}>
        Go to the home page
      </Link>
      {/* What it offered has ended: a demo is the way on to what we still offer. */}
      {reason === "ended" && (
        <Link to="/book-demo" className={buttonClasses("secondary")}>
          Book a demo
        </Link>
      )}
    </div>
  );
}

import { Link } from "react-router";
import { buttonClasses } from "#app/ui/button-styles.ts";

/** Why a short link was not followed, in the visitor's words. */
export const shortLinkProblemText = {
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
} as const;

export type ShortLinkProblemReason = keyof typeof shortLinkProblemText;

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
    </div>
  );
}

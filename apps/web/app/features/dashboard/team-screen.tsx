import type { TeamMember } from "@bakery/shared/admin-team-contract";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { requestFailureWords } from "./request-failure-words.ts";
import { FailureWithRetry, LoadingMessage } from "./status-messages.tsx";
import { TeamAddForm } from "./team-add-form.tsx";
import { loadTeam } from "./team-api.ts";
import { type RemovalRequest, TeamRemoveDialog } from "./team-remove-dialog.tsx";
import {
  addedWords,
  alreadyOperator,
  isYou,
  memberName,
  removedWords,
  sinceWords,
} from "./team-words.ts";

type TeamState =
  | { kind: "loading" }
  | { kind: "loaded"; operators: TeamMember[] }
  | { kind: "failed"; message: string };

/**
 * The team: who has the operator role (your own row marked), "Remove" on each after a
 * question that names the person, and "Add a colleague" by e-mail. Having removed yourself,
 * the back office is closed to you: the screen says so and offers a way on, and reads nothing
 * more (the API would refuse it).
 */
export function TeamScreen({
  yourEmail,
  accountHome,
}: {
  /** The address the person signed in with: their row says "you". */
  yourEmail: string | null;
  /** Their own account's home, on the my-area host. */
  accountHome: string;
}) {
  const { state, setState, reload } = useTeam();
  const [removal, setRemoval] = useState<RemovalRequest | null>(null);
  const [said, setSaid] = useState("");
  const [left, setLeft] = useState(false);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const leftHeading = useRef<HTMLHeadingElement>(null);
  // After a removal the row that had the focus is gone: it goes to the list's heading (or, for
  // yourself, to what the page now says), once that is on the page.
  const [focusAfterRemoval, setFocusAfterRemoval] = useState(0);
  useEffect(() => {
    if (focusAfterRemoval > 0) (leftHeading.current ?? listHeading.current)?.focus();
  }, [focusAfterRemoval]);

  const change = (update: (operators: TeamMember[]) => TeamMember[]) =>
    setState((current) =>
      current.kind === "loaded"
        ? { kind: "loaded", operators: update(current.operators) }
        : current,
    );

  function added(member: TeamMember, email: string) {
    const hadRole = state.kind === "loaded" && alreadyOperator(state.operators, email);
    setSaid(addedWords(member, hadRole));
    if (!hadRole) change((operators) => [...operators, member]);
    reload();
  }

  function removed({ member, yourself }: RemovalRequest) {
    setFocusAfterRemoval((count) => count + 1);
    if (yourself) {
      setLeft(true);
      return;
    }
    setSaid(removedWords(member));
    change((operators) => operators.filter((each) => each.uid !== member.uid));
    reload();
  }

  return (
    <>
      {left ? (
        <LeftTheTeam headingRef={leftHeading} accountHome={accountHome} />
      ) : (
        <>
          {state.kind === "loading" ? (
            <LoadingMessage>Loading the team…</LoadingMessage>
          ) : state.kind === "failed" ? (
            <FailureWithRetry
              onRetry={() => {
                setState({ kind: "loading" });
                reload();
              }}
            >
              The team could not be loaded. {state.message}
            </FailureWithRetry>
          ) : (
            <OperatorList
              operators={state.operators}
              yourEmail={yourEmail}
              headingRef={listHeading}
              onRemove={(member) => setRemoval({ member, yourself: isYou(member, yourEmail) })}
            />
          )}
          {/* Between the list and the form, near what changed; in the page from the start, so
              what is said is announced. */}
          <p role="status" aria-live="polite" className="text-cocoa">
            {said}
          </p>
          <TeamAddForm onAdded={added} />
        </>
      )}
      <TeamRemoveDialog
        request={removal}
        onClose={() => setRemoval(null)}
        onRemoved={removed}
        onListChanged={reload}
      />
    </>
  );
}

/** The operators, read once and again after each change; a later failure keeps the list shown. */
function useTeam() {
  const [state, setState] = useState<TeamState>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // Read so that reload() runs the effect again.
    void attempt;
    let current = true;
    loadTeam().then(
      (team) => {
        if (current) setState({ kind: "loaded", operators: team.operators });
      },
      (error: unknown) => {
        console.error("Could not load the team", error);
        // The API client is taking the browser to sign in: nothing to say here.
        if (!current || (error instanceof ApiRequestError && error.leavingPage)) return;
        const message = requestFailureWords(error);
        setState((shown) => (shown.kind === "loaded" ? shown : { kind: "failed", message }));
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, setState, reload };
}

function OperatorList({
  operators,
  yourEmail,
  headingRef,
  onRemove,
}: {
  operators: readonly TeamMember[];
  yourEmail: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRemove: (member: TeamMember) => void;
}) {
  return (
    <section aria-labelledby="team-operators-heading" className="flex flex-col gap-4">
      {/* Focus lands here when the row it was on is gone. */}
      <h2
        ref={headingRef}
        id="team-operators-heading"
        tabIndex={-1}
        className="font-semibold text-2xl text-ink"
      >
        Operators ({operators.length})
      </h2>
      <ul className="flex flex-col divide-y divide-crust/60 rounded-2xl bg-white shadow-card">
        {operators.map((member) => {
          const you = isYou(member, yourEmail);
          const name = memberName(member);
          return (
            <li key={member.uid} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold text-ink wrap-anywhere">
                  {name}
                  {you ? <span className="font-normal text-cocoa"> (you)</span> : null}
                </p>
                <p className="text-cocoa text-sm">{sinceWords(member.since)}</p>
              </div>
              <button
                type="button"
                onClick={() => onRemove(member)}
                // Starts with the visible word, so voice control's "click Remove" finds it.
                aria-label={you ? `Remove yourself, ${name}` : `Remove ${name}`}
                className={buttonClasses("secondary")}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** After removing yourself: what that means, and where to go from here (full page loads). */
function LeftTheTeam({
  headingRef,
  accountHome,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  accountHome: string;
}) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-2xl bg-white p-6 shadow-card">
      <h2 ref={headingRef} tabIndex={-1} className="font-semibold text-2xl text-ink">
        You are no longer on the team
      </h2>
      <p className="text-cocoa">
        You removed your own operator role, so the dashboard, the pages and the team are closed to
        you from now on. Another operator can add you again.
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={accountHome} className={buttonClasses("primary")}>
          Go to your account
        </a>
        <a href="/" className={buttonClasses("secondary")}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}

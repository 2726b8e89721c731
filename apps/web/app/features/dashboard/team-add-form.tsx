import {
  NO_ACCOUNT,
  type TeamInvitation,
  type TeamMember,
} from "@bakery/shared/admin-team-contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { requestFailureWords } from "./request-failure-words.ts";
import { addOperator, inviteColleague } from "./team-api.ts";
import { TeamInvitationLink } from "./team-invitation.tsx";
import { emailProblem, refusalWords } from "./team-words.ts";

/**
 * "Add a colleague": gives the operator role by e-mail. The address is checked as the API
 * checks it before it is sent; what the API refuses is said in its own words at the field.
 * An address no account has is offered an invitation: the account is made, with a link for
 * the colleague to choose its password, after which they are added here. Until they have, the
 * address is offered a new link (the first one lost, or past its hour).
 */
export function TeamAddForm({ onAdded }: { onAdded: (member: TeamMember, email: string) => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState("");
  /**
   * Whether the API said the field's address needs an invitation (no account has it, or its
   * invitation is unused); cleared as the field changes.
   */
  const [invitable, setInvitable] = useState(false);
  const [invitation, setInvitation] = useState<TeamInvitation>();
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState<"adding" | "inviting">();
  const field = useRef<HTMLInputElement>(null);

  const ownProblem = emailProblem(email);
  const problem = refusal || (submitted ? ownProblem : undefined);
  const described = [`${id}-note`, problem ? `${id}-error` : ""].filter(Boolean).join(" ");

  /**
   * A 4xx is about this address (unverified, unknown, verified already): said at the field,
   * which keeps the focus; an address no account has is offered an invitation.
   */
  function sayFailure(error: unknown) {
    if (error instanceof ApiRequestError && error.leavingPage) return;
    if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
      flushSync(() => {
        setRefusal(refusalWords(error.message));
        setInvitable(error.code === NO_ACCOUNT);
      });
      field.current?.focus();
    } else setFailure(requestFailureWords(error));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure("");
    if (ownProblem) {
      flushSync(() => setSubmitted(true));
      field.current?.focus();
      return;
    }
    setBusy("adding");
    try {
      const member = await addOperator(email);
      onAdded(member, email);
      setEmail("");
      setSubmitted(false);
      setInvitation(undefined);
    } catch (error) {
      sayFailure(error);
    } finally {
      setBusy(undefined);
    }
  }

  async function invite() {
    if (busy) return;
    setFailure("");
    setBusy("inviting");
    try {
      setInvitation(await inviteColleague(email));
      setRefusal("");
      setInvitable(false);
    } catch (error) {
      sayFailure(error);
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-white p-6 shadow-card">
      <h2 id={`${id}-heading`} className="font-semibold text-2xl text-ink">
        Add a colleague
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
        <label htmlFor={`${id}-email`} className="font-semibold text-ink text-sm">
          Colleague's e-mail address
        </label>
        <div className="flex flex-wrap items-start gap-3">
          <input
            ref={field}
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setRefusal("");
              setInvitable(false);
            }}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            className="form-field h-11 min-w-0 flex-1 basis-64 px-3"
          />
          <button
            type="submit"
            aria-disabled={busy ? true : undefined}
            className={buttonClasses("primary")}
          >
            {busy === "adding" ? "Adding…" : "Add as operator"}
          </button>
        </div>
        <p id={`${id}-note`} className="text-cocoa text-sm">
          They need an account with a verified address: a Google address they have signed in with
          once ("Continue with Google" on the sign-in page), an account whose "Forgot password?"
          link they have followed, or a new one you invite them to here.
        </p>
        {/* In the page from the start, so a refusal is announced even when focus stays put. */}
        <p
          id={`${id}-error`}
          aria-live="polite"
          className="whitespace-pre-line text-red-800 text-sm"
        >
          {problem}
        </p>
        {invitable && (
          <div>
            <button
              type="button"
              onClick={invite}
              aria-disabled={busy ? true : undefined}
              // A long address breaks anywhere rather than widening the page on a phone.
              className={`${buttonClasses("secondary")} max-w-full [overflow-wrap:anywhere]`}
            >
              {busy === "inviting"
                ? "Making the link…"
                : `Make an invitation link for ${email.trim()}`}
            </button>
          </div>
        )}
        {invitation && <TeamInvitationLink key={invitation.link} invitation={invitation} />}
        <p role="alert" className="text-red-800">
          {failure}
        </p>
      </form>
    </section>
  );
}

import type { TeamMember } from "@bakery/shared/admin-team-contract";
import { type FormEvent, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import { requestFailureWords } from "./request-failure-words.ts";
import { addOperator } from "./team-api.ts";
import { emailProblem, refusalWords } from "./team-words.ts";

/**
 * "Add a colleague": gives the operator role by e-mail. The address is checked as the API
 * checks it before it is sent; what the API refuses (an address nobody verified, no such
 * account) is said in its own words at the field, with what the colleague has to do first.
 */
export function TeamAddForm({ onAdded }: { onAdded: (member: TeamMember, email: string) => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState("");
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const ownProblem = emailProblem(email);
  const problem = refusal || (submitted ? ownProblem : undefined);
  const described = [`${id}-note`, problem ? `${id}-error` : ""].filter(Boolean).join(" ");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure("");
    if (ownProblem) {
      flushSync(() => setSubmitted(true));
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const member = await addOperator(email);
      onAdded(member, email);
      setEmail("");
      setSubmitted(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      // A 4xx is about this address (unverified, unknown): said at the field, which keeps focus.
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        flushSync(() => setRefusal(refusalWords(error.message)));
        field.current?.focus();
      } else setFailure(requestFailureWords(error));
    } finally {
      setBusy(false);
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
            }}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={described}
            className="form-field h-11 min-w-0 flex-1 basis-64 px-3"
          />
          <button
            type="submit"
            aria-disabled={busy || undefined}
            className={buttonClasses("primary")}
          >
            {busy ? "Adding…" : "Add as operator"}
          </button>
        </div>
        <p id={`${id}-note`} className="text-cocoa text-sm">
          They need an account with a verified address, which this site does not make: a Google
          address they have signed in with once ("Continue with Google" on the sign-in page), or an
          account the sign-in service holds for them whose "Forgot password?" link they have
          followed.
        </p>
        {/* In the page from the start, so a refusal is announced even when focus stays put. */}
        <p
          id={`${id}-error`}
          aria-live="polite"
          className="whitespace-pre-line text-red-800 text-sm"
        >
          {problem}
        </p>
        <p role="alert" className="text-red-800">
          {failure}
        </p>
      </form>
    </section>
  );
}

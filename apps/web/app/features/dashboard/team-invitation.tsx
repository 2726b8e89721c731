import type { TeamInvitation } from "@bakery/shared/admin-team-contract";
import { useEffect, useId, useRef } from "react";
import { CopyLinkButton } from "./copy-link.tsx";

/**
 * The invitation link just made, for the operator to send their colleague themselves (e-mail,
 * chat): this site sends no mail. The link takes the focus, selected, so it can be copied at
 * once by keyboard too; the words say what it does, for how long, and what comes next. Given a
 * `key` per link, so each new one is focused as it appears.
 */
export function TeamInvitationLink({ invitation }: { invitation: TeamInvitation }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl bg-brand-50 p-4 [overflow-wrap:anywhere]"
    >
      <h3 id={`${id}-heading`} className="font-semibold text-ink">
        Invitation link for {invitation.email}
      </h3>
      <p id={`${id}-what`} className="mt-1 text-cocoa text-sm">
        This address has an account now, with no password yet. Send this link to {invitation.email}{" "}
        yourself. With it they choose their password, which proves the address is theirs. It works
        once, within an hour; if it is lost or runs out, make a new one here the same way. Once they
        have chosen their password, add them here as an operator.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <input
          ref={field}
          readOnly
          value={invitation.link}
          aria-label={`Invitation link for ${invitation.email}`}
          aria-describedby={`${id}-what`}
          className="form-field h-11 min-w-0 flex-1 basis-64 px-3 font-mono text-sm"
        />
        <CopyLinkButton address={invitation.link} label="Copy the invitation link" />
      </div>
    </section>
  );
}

import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import MailCheck from "lucide-react/icons/mail-check";
import type { Ref } from "react";
import { AnnouncedWhenShown } from "#app/ui/announced-when-shown.tsx";

/** What the form last said: an error (maybe about one field) or a notice (reset email sent). */
export type SignInFeedback =
  | { kind: "error"; message: string; field?: "email" | "password" }
  | { kind: "notice"; message: string };

/** The id fields point their aria-describedby at when the error is about them. */
export const SIGN_IN_ERROR_ID = "sign-in-error";

/**
 * The error alert (focused when it appears, so a screen reader reads it, with the site's focus
 * outline for a keyboard user) and the polite notice above the form.
 */
export function SignInMessages({
  error,
  notice,
  errorRef,
}: {
  error: string | null;
  notice: string | null;
  errorRef: Ref<HTMLDivElement>;
}) {
  return (
    <>
      {error !== null && (
        <div
          ref={errorRef}
          id={SIGN_IN_ERROR_ID}
          role="alert"
          tabIndex={-1}
          className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3.5 text-red-900 text-sm"
        >
          <CircleAlert aria-hidden="true" className="mt-px size-5 shrink-0 text-red-700" />
          <p>{error}</p>
        </div>
      )}
      {/* In the page from the start, so a notice shown later is announced; empty, it is out of
          the flow and takes no room. */}
      <AnnouncedWhenShown className="empty:absolute">
        {notice !== null && (
          <div className="flex items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3.5 text-brand-950 text-sm">
            <MailCheck aria-hidden="true" className="mt-px size-5 shrink-0 text-brand-700" />
            <p>{notice}</p>
          </div>
        )}
      </AnnouncedWhenShown>
    </>
  );
}

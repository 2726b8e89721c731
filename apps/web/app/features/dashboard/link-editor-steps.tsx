import type { AdminShortLink } from "@bakery/shared/admin-links-contract";
import type { ReactNode } from "react";
import { absoluteUrl } from "#app/site-config.ts";
import { buttonClasses } from "#app/ui/button-styles.ts";
import type { KnownNames } from "./campaign-builder.tsx";
import { shortAddress } from "./link-form.ts";
import { LinkFormFields } from "./link-form-fields.tsx";
import { type LinkDraft, type LinkWrites, siteOrigin } from "./use-link-editor.ts";

/** What every step shows below its words: a way out, and the last failure in words. */
type StepFrame = { cancel: ReactNode; failure: ReactNode };

/** A step that says what went wrong and offers to read the link again. */
type LoadAgainProps = { message: string; writes: LinkWrites } & Pick<StepFrame, "cancel">;

/** The link could not be read: say why, and offer to try again. */
export function LoadFailedStep(props: LoadAgainProps) {
  return <LoadAgainStep {...props} label="Try again" />;
}

/** A link exists at the address: what it leads to, and whether to replace it. */
export function ReplaceStep({
  message,
  existing,
  draft,
  writes,
  failure,
}: {
  message: string;
  existing: AdminShortLink;
  draft: LinkDraft;
  writes: LinkWrites;
} & Pick<StepFrame, "failure">) {
  const { preview, values } = draft;
  return (
    <>
      <p role="alert">{message}</p>
      <p>
        Replace it with yours? {existing.shortLink} then leads to{" "}
        {preview.ok ? absoluteUrl(preview.target) : values.destination}.
      </p>
      <div className="flex flex-wrap gap-2">
        <StepAction writes={writes} onPress={() => writes.save(existing.revision)}>
          Replace {existing.link}
        </StepAction>
        <button
          type="button"
          onClick={() => writes.setStep({ kind: "form" })}
          className={buttonClasses("secondary")}
        >
          Go back
        </button>
      </div>
      {failure}
    </>
  );
}

/** Someone changed the link since it was opened: load theirs before making a change. */
export function StaleStep(props: LoadAgainProps) {
  return (
    <LoadAgainStep
      {...props}
      explanation="Load the version there is now to see that change; what you typed here is set aside."
      label="Load the current version"
    />
  );
}

/** What went wrong, and a button that reads the link again (the first control, with the focus). */
function LoadAgainStep({
  message,
  explanation,
  label,
  writes,
  cancel,
}: LoadAgainProps & { explanation?: string; label: string }) {
  return (
    <>
      <p role="alert">{message}</p>
      {explanation ? <p>{explanation}</p> : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" data-first onClick={writes.load} className={buttonClasses("primary")}>
          {label}
        </button>
        {cancel}
      </div>
    </>
  );
}

/** Deleting a link: what it is and what happens to those who follow it, then a confirmation. */
export function DeleteStep({
  link,
  writes,
  cancel,
  failure,
}: { link: AdminShortLink; writes: LinkWrites } & StepFrame) {
  return (
    <>
      <p>
        Delete {link.shortLink}? It leads to {link.target} and has been followed {link.clicks}{" "}
        times. Anyone who follows it afterwards is told it doesn't exist.
      </p>
      <div className="flex flex-wrap gap-2">
        <StepAction writes={writes} onPress={() => writes.remove(link)}>
          Delete {link.link}
        </StepAction>
        {cancel}
      </div>
      {failure}
    </>
  );
}

/** A step's answer, the first control (so it takes the focus); it waits while a write is on its way. */
function StepAction({
  writes,
  onPress,
  children,
}: {
  writes: LinkWrites;
  onPress: () => unknown;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      data-first
      aria-disabled={writes.busy || undefined}
      onClick={() => !writes.busy && onPress()}
      className={buttonClasses("primary")}
    >
      {children}
    </button>
  );
}

/** The form: the link's address, destination, campaign and options, then Save. */
export function FormStep({
  idPrefix,
  draft,
  writes,
  known,
  namesFailed,
  cancel,
  failure,
}: {
  idPrefix: string;
  draft: LinkDraft;
  writes: LinkWrites;
  known: KnownNames;
  namesFailed: boolean;
} & StepFrame) {
  const { values, cat, id, ownProblems } = draft;
  return (
    <form noValidate onSubmit={writes.submit} className="flex flex-col gap-4">
      <LinkFormFields
        idPrefix={idPrefix}
        values={values}
        editing={draft.editing}
        shortLink={{
          address: shortAddress(siteOrigin, cat, id),
          copyable: !ownProblems.cat && !ownProblems.id,
        }}
        problems={draft.shown}
        preview={draft.preview}
        known={known}
        namesFailed={namesFailed}
        onChange={draft.change}
        onSignInRequiredChange={(checked) =>
          draft.setValues((current) => ({ ...current, signInRequired: checked }))
        }
      />
      {failure}
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          aria-disabled={writes.busy || undefined}
          className={buttonClasses("primary")}
        >
          {writes.busy ? "Saving…" : "Save link"}
        </button>
        {cancel}
      </div>
    </form>
  );
}

import { absoluteUrl } from "#app/site-config.ts";
import { CampaignBuilder, type KnownNames } from "./campaign-builder.tsx";
import { CopyLinkButton } from "./copy-link.tsx";
import { LinkCheckbox, LinkField } from "./link-field.tsx";
import type {
  CampaignField,
  LinkField as FieldName,
  FieldProblems,
  LinkFormValues,
  TargetPreview,
} from "./link-form.ts";

/**
 * The short-link editor's fields, top to bottom: the address (category and id, the full short
 * link as typed), where it leads (destination, the campaign builder, the address visitors are
 * sent to), who may follow it, and when it ends. The editor keeps the values and the sending.
 */
export function LinkFormFields({
  idPrefix,
  values,
  editing,
  shortLink,
  problems,
  preview,
  known,
  namesFailed,
  onChange,
  onSignInRequiredChange,
}: {
  idPrefix: string;
  values: LinkFormValues;
  /** An existing link: its category and id are its address, shown but not changed. */
  editing: boolean;
  /** The full short link, with its copy button once category and id are valid. */
  shortLink: { address: string; copyable: boolean };
  problems: FieldProblems;
  preview: TargetPreview;
  known: KnownNames;
  namesFailed: boolean;
  onChange: (field: FieldName, value: string) => void;
  onSignInRequiredChange: (checked: boolean) => void;
}) {
  const field = (name: FieldName) => ({
    id: `${idPrefix}-${name}`,
    value: values[name],
    onChange: (value: string) => onChange(name, value),
    problem: problems[name],
  });
  return (
    <>
      <div className="flex flex-wrap gap-4 *:flex-1">
        <LinkField {...field("cat")} label="Category" readOnly={editing} required />
        <LinkField {...field("id")} label="ID" readOnly={editing} required />
      </div>
      <div className="flex flex-col gap-2">
        <p className="font-semibold text-sm">Short link</p>
        <p className="break-all" aria-live="polite">
          {shortLink.address}
        </p>
        {shortLink.copyable ? (
          <CopyLinkButton address={shortLink.address} label={`Copy ${shortLink.address}`} />
        ) : null}
      </div>
      <LinkField
        {...field("destination")}
        label="Destination"
        note="A path on this site (/pricing) or an address on an allowed host"
        required
      />
      <CampaignBuilder
        idPrefix={idPrefix}
        values={values}
        onChange={(name: CampaignField, value) => onChange(name, value)}
        problems={problems}
        known={known}
      />
      {namesFailed ? (
        <p className="text-cocoa text-sm">
          The campaign names already in the funnel could not be loaded, so there are no suggestions;
          you can still type them.
        </p>
      ) : null}
      <div className="flex flex-col gap-2 rounded-xl bg-brand-50 p-4">
        <p className="font-semibold text-sm">Visitors are sent to</p>
        <p className="break-all" aria-live="polite">
          {preview.ok
            ? absoluteUrl(preview.target)
            : "Shown here once the destination and campaign fields are complete."}
        </p>
      </div>
      <LinkCheckbox
        id={`${idPrefix}-sign-in-required`}
        label="Sign-in required"
        checked={values.signInRequired}
        onChange={onSignInRequiredChange}
        note="Visitors who aren't signed in are asked to sign in first, then sent on: for links to pages of a customer's own account."
      />
      <LinkField
        {...field("expiresAt")}
        id={`${idPrefix}-expires`}
        label="Expires"
        type="datetime-local"
        note="Your time zone. After it, the link goes to the fallback, or says it has ended."
      />
      <LinkField
        {...field("fallback")}
        label="Fallback destination"
        note="Where the link goes once it has expired"
      />
    </>
  );
}

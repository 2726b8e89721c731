import { LinkField } from "./link-field.tsx";
import { type CampaignField, campaignFields, type LinkFormValues, nearName } from "./link-form.ts";

/** Names already in use for each field, for the suggestions and the "Did you mean" hint. */
export type KnownNames = Record<CampaignField, string[]>;

/**
 * The fields of Google's Campaign URL Builder, under its names: each suggests the names the
 * funnel already holds, and points out a name that differs from one of them only by case or
 * spacing, which the reports would count as another campaign.
 */
export function CampaignBuilder({
  idPrefix,
  values,
  onChange,
  problems,
  known,
}: {
  idPrefix: string;
  values: LinkFormValues;
  onChange: (field: CampaignField, value: string) => void;
  problems: Partial<Record<CampaignField, string>>;
  known: KnownNames;
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-semibold text-ink">Campaign</legend>
      <p className="text-cocoa text-sm">
        For a link to this site: source, medium and name are added to the destination as utm_source,
        utm_medium and utm_campaign, so the funnel counts its visitors under this campaign. Leave
        all empty for a link without one.
      </p>
      {campaignFields.map(({ field, label, parameter, required, example }) => {
        const id = `${idPrefix}-${field}`;
        const near = nearName(values[field], known[field]);
        return (
          <div key={field}>
            <LinkField
              id={id}
              label={label}
              value={values[field]}
              onChange={(value) => onChange(field, value)}
              problem={problems[field]}
              required={required}
              list={known[field].length > 0 ? `${id}-names` : undefined}
              note={
                near ? (
                  <span className="flex flex-wrap items-center gap-2">
                    Did you mean “{near}”?
                    <button
                      type="button"
                      onClick={() => onChange(field, near)}
                      className="font-semibold text-brand-800 underline"
                    >
                      Use {near}
                    </button>
                  </span>
                ) : (
                  `${parameter}, e.g. ${example}`
                )
              }
            />
            {known[field].length > 0 ? (
              <datalist id={`${id}-names`}>
                {known[field].map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

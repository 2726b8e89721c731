import { type ActivityKind, activityKinds } from "@bakery/shared/admin-activity-contract";

/** What each kind of change is called on the page (and in the filter). */
export const activityKindNames: Record<ActivityKind, string> = {
  "link.created": "Short link created",
  "link.updated": "Short link changed",
  "link.deleted": "Short link deleted",
  "link.moved": "Short link moved",
  "page.created": "Page created",
  "page.updated": "Page changed",
  "page.restored": "Page restored",
  "page.renamed": "Page renamed",
  "page.deleted": "Page deleted",
  "operator.invited": "Colleague invited",
  "operator.granted": "Operator added",
  "operator.revoked": "Operator removed",
};

/** The filter's choices, in the contract's order. */
export const activityKindChoices = activityKinds.map((kind) => ({
  kind,
  name: activityKindNames[kind],
}));

/** A kind in words; one a later build added is shown as it is stored. */
export function describeKind(kind: string): string {
  return Object.hasOwn(activityKindNames, kind) ? activityKindNames[kind as ActivityKind] : kind;
}

/** The `kind` of the address, when it is one the filter offers. */
export function readKindFilter(value: string | null): ActivityKind | undefined {
  return activityKinds.find((kind) => kind === value);
}

/**
 * Names of a short link's fields (ShortLinkRecord, flattened). A field a later build adds is
 * shown by its own name.
 */
const fieldNames: Record<string, string> = {
  link: "Short link",
  destination: "Destination",
  "utm.source": "Campaign source",
  "utm.medium": "Campaign medium",
  "utm.campaign": "Campaign name",
  "utm.content": "Campaign content",
  "utm.term": "Campaign term",
  target: "Sends visitors to",
  signInRequired: "Sign-in required",
  expiresAt: "Ends",
  fallback: "After it ends, sends to",
  handle: "Handle",
  title: "Title",
  subtitle: "Subtitle",
  format: "Written in",
  source: "Text",
  restoredFrom: "Restored from version",
  uid: "Account",
  email: "E-mail",
  role: "Role",
};

/** One field that changed: its value before and after, in words; undefined where it had none. */
export type FieldChange = { field: string; before?: string; after?: string };

/**
 * What changed between `before` and `after`, field by field in a fixed order (the fields
 * known, then any others): every set field of a thing made or deleted, only the differing
 * ones of a thing changed.
 */
export function fieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const old = flatten(before);
  const now = flatten(after);
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])].sort(
    (a, b) => order(a) - order(b),
  );
  return keys.flatMap((key) => {
    const was = old[key];
    const is = now[key];
    if (was === is) return [];
    return [
      {
        field: fieldNames[key] ?? key,
        ...(was !== undefined && { before: was }),
        ...(is !== undefined && { after: is }),
      },
    ];
  });
}

const knownFields = Object.keys(fieldNames);
function order(key: string): number {
  const index = knownFields.indexOf(key);
  return index === -1 ? knownFields.length : index;
}

/** Nested objects as "parent.child" keys; null and empty values left out (no value to show). */
function flatten(record: Record<string, unknown> | null, prefix = ""): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(record ?? {})) {
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      Object.assign(flat, flatten(value as Record<string, unknown>, `${prefix}${key}.`));
    } else {
      const text = inWords(value);
      if (text !== undefined) flat[`${prefix}${key}`] = text;
    }
  }
  return flat;
}

function inWords(value: unknown): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

import {
  type AdminShortLink,
  CAMPAIGN_VALUE_PATTERN,
  type ShortLinkWrite,
} from "@bakery/shared/admin-links-contract";
import { checkShortLinkTarget, type RedirectTargetPolicy } from "@bakery/shared/redirect-target";
import { slugRulesProblem } from "./slug-rules.ts";

/** The short-link editor's fields as typed (the text ones "" when empty). */
export type LinkFormValues = {
  cat: string;
  id: string;
  destination: string;
  source: string;
  medium: string;
  campaign: string;
  content: string;
  term: string;
  /** As an `<input type="datetime-local">` holds it, in the browser's time zone. */
  expiresAt: string;
  fallback: string;
  /** Only signed-in visitors may follow it: the others are asked to sign in first. */
  signInRequired: boolean;
};

export type LinkField = Exclude<keyof LinkFormValues, "signInRequired">;

export type CampaignField = "source" | "medium" | "campaign" | "content" | "term";

/** The Campaign URL Builder's fields in its order, with the query parameter each becomes. */
export const campaignFields: readonly {
  field: CampaignField;
  label: string;
  parameter: string;
  required: boolean;
  example: string;
}[] = [
  {
    field: "source",
    label: "Campaign source",
    parameter: "utm_source",
    required: true,
    example: "newsletter",
  },
  {
    field: "medium",
    label: "Campaign medium",
    parameter: "utm_medium",
    required: true,
    example: "email",
  },
  {
    field: "campaign",
    label: "Campaign name",
    parameter: "utm_campaign",
    required: true,
    example: "spring-sale",
  },
  {
    field: "content",
    label: "Campaign content",
    parameter: "utm_content",
    required: false,
    example: "top-banner",
  },
  {
    field: "term",
    label: "Campaign term",
    parameter: "utm_term",
    required: false,
    example: "sourdough",
  },
];

export const emptyLinkForm: LinkFormValues = {
  cat: "",
  id: "",
  destination: "",
  source: "",
  medium: "",
  campaign: "",
  content: "",
  term: "",
  expiresAt: "",
  fallback: "",
  signInRequired: false,
};

/** What is wrong with a category or id, in words, or undefined when the slug rules accept it. */
export const slugProblem = (value: string) =>
  slugRulesProblem(value, "Enter it: it is part of the short address");

/** The address to share, as the API stores it (slugs lowercase); placeholders until typed. */
export function shortAddress(siteOrigin: string, cat: string, id: string): string {
  const part = (value: string, placeholder: string) => value.trim().toLowerCase() || placeholder;
  return `${new URL(siteOrigin).origin}/to/${part(cat, "category")}/${part(id, "id")}`;
}

/** Whether any campaign field is filled in: then source, medium and name are all needed. */
export const hasCampaign = (values: LinkFormValues) =>
  campaignFields.some(({ field }) => values[field].trim() !== "");

export type FieldProblems = Partial<Record<LinkField, string>>;

export type TargetPreview = { ok: true; target: string } | { ok: false; problems: FieldProblems };

/**
 * Where the link will send a visitor, built as the API builds it (prepareLinkTarget): the
 * destination checked with the shared short-link rules, then utm_source, utm_medium,
 * utm_campaign, utm_content and utm_term set on it. Campaign fields are for addresses on this
 * site only (its own analytics reads them): for another host they are refused, as the API does.
 */
export function previewTarget(values: LinkFormValues, policy: RedirectTargetPolicy): TargetPreview {
  const problems: FieldProblems = {};
  const destination = values.destination.trim();
  const check = destination === "" ? undefined : checkShortLinkTarget(destination, policy);
  if (!check) problems.destination = "Enter a path on this site (/pricing) or an allowed address";
  else if (!check.ok) problems.destination = capitalised(check.reason);

  const campaign = hasCampaign(values);
  for (const { field, label, required } of campaignFields) {
    const value = values[field].trim();
    if (value === "") {
      if (campaign && required) problems[field] = `Enter the ${label.toLowerCase()} too`;
    } else if (!CAMPAIGN_VALUE_PATTERN.test(value)) {
      problems[field] = "Use at most 100 letters, digits and . _ ~ - (no spaces)";
    }
  }
  if (campaign && check?.ok && !check.sameOrigin && !problems.destination) {
    problems.destination = "Campaign fields can only be added to addresses on this site";
  }
  if (!check?.ok || Object.keys(problems).length > 0) return { ok: false, problems };

  const url = new URL(check.url, policy.siteOrigin);
  for (const { field, parameter } of campaignFields) {
    const value = values[field].trim();
    if (value !== "") url.searchParams.set(parameter, value);
  }
  return {
    ok: true,
    target: check.url.startsWith("/") ? `${url.pathname}${url.search}${url.hash}` : url.href,
  };
}

/** The expiry and fallback's problems: a fallback needs an expiry, and the shared rules. */
export function expiryProblems(
  values: LinkFormValues,
  policy: RedirectTargetPolicy,
): FieldProblems {
  const problems: FieldProblems = {};
  if (values.expiresAt !== "" && Number.isNaN(new Date(values.expiresAt).getTime())) {
    problems.expiresAt = "Enter a date and time";
  }
  const fallback = values.fallback.trim();
  if (fallback === "") return problems;
  if (values.expiresAt === "")
    problems.fallback = "Set an expiry too: the fallback is used after it";
  const check = checkShortLinkTarget(fallback, policy);
  if (!check.ok) problems.fallback = capitalised(check.reason);
  return problems;
}

/** Every problem the form has, keyed by field; empty when it can be sent. */
export function formProblems(values: LinkFormValues, policy: RedirectTargetPolicy): FieldProblems {
  const problems: FieldProblems = {};
  const cat = slugProblem(values.cat.trim());
  if (cat) problems.cat = cat;
  const id = slugProblem(values.id.trim());
  if (id) problems.id = id;
  const preview = previewTarget(values, policy);
  return {
    ...problems,
    ...(preview.ok ? {} : preview.problems),
    ...expiryProblems(values, policy),
  };
}

/** The PUT body for the form (the whole link: what is left empty is cleared). */
export function writeBody(values: LinkFormValues): ShortLinkWrite {
  const optional = (value: string) => value.trim() || null;
  const source = values.source.trim();
  return {
    destination: values.destination.trim(),
    utm: hasCampaign(values)
      ? {
          source,
          medium: values.medium.trim(),
          campaign: values.campaign.trim(),
          content: optional(values.content),
          term: optional(values.term),
        }
      : null,
    expiresAt: values.expiresAt === "" ? null : new Date(values.expiresAt).toISOString(),
    fallback: values.expiresAt === "" ? null : optional(values.fallback),
    signInRequired: values.signInRequired,
  };
}

/** A stored link as the form shows it, its expiry in the browser's time zone. */
export function formValuesOf(link: AdminShortLink): LinkFormValues {
  return {
    cat: link.cat,
    id: link.id,
    destination: link.destination,
    source: link.utm.source ?? "",
    medium: link.utm.medium ?? "",
    campaign: link.utm.campaign ?? "",
    content: link.utm.content ?? "",
    term: link.utm.term ?? "",
    expiresAt: link.expiresAt ? localDateTime(new Date(link.expiresAt)) : "",
    fallback: link.fallback ?? "",
    signInRequired: link.signInRequired,
  };
}

/** "2026-06-30T23:59", the instant in the browser's time zone, as datetime-local holds it. */
export function localDateTime(at: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The field a 422 from the API is about ("destination: host evil.example is not on the
 * allow-list", "utm.source: …"), so its words are shown there; undefined for the whole form.
 */
export function fieldOfProblem(message: string): { field: LinkField; words: string } | undefined {
  const match =
    /^(destination|fallback|expiresAt|utm\.(source|medium|campaign|content|term)): (.+)$/s.exec(
      message,
    );
  if (!match?.[3]) return undefined;
  const field = (match[2] ?? match[1]) as LinkField;
  return { field, words: capitalised(match[3]) };
}

/**
 * An existing name that `typed` matches but for case or spacing ("Spring Sale" for
 * "spring-sale"), so one campaign isn't counted as two; undefined when the name is new or exact.
 */
export function nearName(typed: string, known: readonly string[]): string | undefined {
  const value = typed.trim();
  if (value === "" || known.includes(value)) return undefined;
  const key = loose(value);
  return known.find((name) => loose(name) === key);
}

const loose = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, "");

const capitalised = (words: string) => `${words[0]?.toUpperCase() ?? ""}${words.slice(1)}`;

/** The values of `parameter` (utm_content, utm_term) in the links' targets, each once, sorted. */
export function namesInTargets(targets: readonly string[], parameter: string): string[] {
  const names = new Set<string>();
  for (const target of targets) {
    const value = new URL(target, "https://site.invalid").searchParams.get(parameter);
    if (value) names.add(value);
  }
  return [...names].sort();
}

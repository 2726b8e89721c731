import type { z } from "./zod-without-eval.ts";

/**
 * A validation problem in plain words ("must be at most 200 characters", "must be one of
 * "demo_booked", "landing"") for the people who read it: an API client's developer in a 400,
 * an operator whose configuration is refused at start. zod's own wording ("Too big: expected
 * string to have <=200 characters", "expected number, received NaN") is written for
 * programmers of zod. A message a schema gives itself still wins: zod asks this only for
 * issues that have none. Anything not listed here keeps zod's words.
 */
export const inPlainWords: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? "required"
        : `must be ${kindNames[issue.expected] ?? issue.expected}`;
    case "invalid_union":
      // A discriminated union tells which values its key takes (`options`, not in zod's types).
      if (issue.discriminator === undefined || !Array.isArray(issue.options)) {
        return "is not in any accepted form";
      }
      return discriminatorOf(issue.input, issue.discriminator) === undefined
        ? "required"
        : `must be ${oneOf(issue.options)}`;
    case "invalid_value":
      return `must be ${oneOf(issue.values)}`;
    case "too_big":
      return `must be ${issue.inclusive === false ? "less than" : "at most"} ${issue.maximum}${unitOf(issue.origin)}`;
    case "too_small":
      if (issue.origin === "string" && issue.minimum === 1) return "must not be empty";
      return `must be ${issue.inclusive === false ? "more than" : "at least"} ${issue.minimum}${unitOf(issue.origin)}`;
    case "unrecognized_keys":
      return `${issue.keys.length === 1 ? "unknown field" : "unknown fields"} ${issue.keys.map(quoted).join(", ")}`;
    case "invalid_format":
      return `must be ${formatNames[issue.format] ?? `in ${issue.format} form`}`;
    default:
      return undefined;
  }
};

const kindNames: Record<string, string> = {
  array: "a list",
  boolean: "true or false",
  int: "a whole number",
  number: "a number",
  object: "a JSON object",
  string: "a string",
};

const formatNames: Record<string, string> = {
  email: "an email address",
  url: "a web address (https://…)",
  regex: "in the expected form",
};

function unitOf(origin: string): string {
  if (origin === "string") return " characters";
  if (origin === "array" || origin === "set") return " items";
  return "";
}

function oneOf(values: readonly unknown[]): string {
  const shown = values.map(quoted);
  return shown.length === 1 ? `${shown[0]}` : `one of ${shown.join(", ")}`;
}

function quoted(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : String(value);
}

function discriminatorOf(input: unknown, key: PropertyKey): unknown {
  return typeof input === "object" && input !== null
    ? (input as Record<PropertyKey, unknown>)[key]
    : undefined;
}

import { describe, expect, it } from "vitest";
import { siteEventSchema } from "./api-contract.ts";
import { inPlainWords } from "./validation-messages.ts";
import { z } from "./zod-without-eval.ts";

/** The first problem, as `where: what` (how the API's 400 and the start-up error show it). */
function firstProblem(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value, { error: inPlainWords });
  if (parsed.success) throw new Error("expected a problem");
  const [issue] = parsed.error.issues;
  return `${issue?.path.join(".") || "body"}: ${issue?.message}`;
}

const landing = (fields: Record<string, unknown>) => ({
  type: "landing",
  attribution: { utms: "newsletter", utmm: "", utmc: "" },
  landing: "/",
  ...fields,
});

describe("inPlainWords: what a client of the API reads in a 400", () => {
  it("names a missing or unknown kind of event, and the kinds there are", () => {
    expect(firstProblem(siteEventSchema, {})).toBe("type: required");
    expect(firstProblem(siteEventSchema, { type: "visit" })).toBe(
      'type: must be one of "demo_booked", "landing"',
    );
  });

  it("says what a value must be, not what zod expected and received", () => {
    expect(firstProblem(siteEventSchema, [])).toBe("body: must be a JSON object");
    expect(
      firstProblem(siteEventSchema, landing({ attribution: { utms: 5, utmm: "", utmc: "" } })),
    ).toBe("attribution.utms: must be a string");
    expect(firstProblem(siteEventSchema, landing({ landing: `/${"a".repeat(300)}` }))).toBe(
      "landing: must be at most 300 characters",
    );
    expect(firstProblem(siteEventSchema, landing({ extra: 1, more: 2 }))).toBe(
      'body: unknown fields "extra", "more"',
    );
  });

  it("leaves a schema's own message as it is", () => {
    expect(firstProblem(siteEventSchema, landing({ landing: "https://elsewhere.example" }))).toBe(
      "landing: must be a path on this site starting with /",
    );
    expect(
      firstProblem(siteEventSchema, landing({ attribution: { utms: "", utmm: "", utmc: "" } })),
    ).toBe("attribution.utms: must name the source");
  });

  it("words limits for numbers, lists and formats", () => {
    expect(firstProblem(z.number().int().max(10), 11)).toBe("body: must be at most 10");
    expect(firstProblem(z.number().int(), 1.5)).toBe("body: must be a whole number");
    expect(firstProblem(z.number().gt(0), 0)).toBe("body: must be more than 0");
    expect(firstProblem(z.array(z.string()).min(2), ["a"])).toBe("body: must be at least 2 items");
    expect(firstProblem(z.string().min(1), "")).toBe("body: must not be empty");
    expect(firstProblem(z.email(), "baker")).toBe("body: must be an email address");
    expect(firstProblem(z.literal("yes"), "no")).toBe('body: must be "yes"');
  });
});

import { describe, expect, it } from "vitest";
import {
  conversionEventSchema,
  inviteeUriSchema,
  landingPathSchema,
  meSchema,
  siteEventSchema,
} from "./api-contract.ts";

const ref = "Zm9vYmFyLWJhei1xdXV4LT";
const invitee =
  "https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2/invitees/AAAAAAAAAAAAAAAA";

describe("conversionEventSchema", () => {
  const booked = {
    type: "demo_booked",
    attribution: { utms: "fb", utmm: "cpc", utmc: "spring sale" },
    landing: "/pricing",
  };

  it("accepts a booked demo with or without attribution and landing page", () => {
    expect(conversionEventSchema.parse(booked)).toEqual(booked);
    expect(
      conversionEventSchema.safeParse({ type: "demo_booked", attribution: null, landing: null })
        .success,
    ).toBe(true);
  });

  it("refuses unknown fields and types", () => {
    expect(conversionEventSchema.safeParse({ ...booked, extra: 1 }).success).toBe(false);
    expect(conversionEventSchema.safeParse({ ...booked, type: "signup" }).success).toBe(false);
  });

  it("carries the invitee the scheduling page named and the visit's reference", () => {
    expect(conversionEventSchema.parse({ ...booked, invitee, ref })).toEqual({
      ...booked,
      invitee,
      ref,
    });
  });

  it.each([
    ["an invitee of another host", { invitee: invitee.replace("api.calendly.com", "evil.test") }],
    ["an invitee over http", { invitee: invitee.replace("https:", "http:") }],
    ["an invitee with more after it", { invitee: `${invitee}/cancel` }],
    ["an invitee that is not a string", { invitee: 42 }],
    ["a reference too short", { ref: ref.slice(1) }],
    ["a reference too long", { ref: `${ref}a` }],
    ["a reference with another character", { ref: `${ref.slice(1)}.` }],
  ])("refuses %s", (_case, fields) => {
    expect(conversionEventSchema.safeParse({ ...booked, ...fields }).success).toBe(false);
  });
});

describe("inviteeUriSchema", () => {
  it("accepts only the scheduling provider's invitee address", () => {
    expect(inviteeUriSchema.safeParse(invitee).success).toBe(true);
    expect(inviteeUriSchema.safeParse(`${invitee}\n`).success).toBe(false);
    expect(inviteeUriSchema.safeParse("https://api.calendly.com/scheduled_events/x").success).toBe(
      false,
    );
  });
});

describe("the attribution values of POST /events", () => {
  const landing = (attribution: Record<string, string>) =>
    siteEventSchema.safeParse({
      type: "landing",
      ref,
      attribution: { utms: "fb", utmm: "cpc", utmc: "spring", ...attribution },
      landing: "/",
    });
  const demo = (attribution: Record<string, string>) =>
    siteEventSchema.safeParse({
      type: "demo_booked",
      attribution: { utms: "fb", utmm: "cpc", utmc: "spring", ...attribution },
      landing: null,
    });

  it("takes a landing with its visit's reference", () => {
    expect(landing({}).data).toEqual({
      type: "landing",
      ref,
      attribution: { utms: "fb", utmm: "cpc", utmc: "spring" },
      landing: "/",
    });
    const withoutRef = siteEventSchema.safeParse({
      type: "landing",
      attribution: { utms: "fb", utmm: "", utmc: "" },
      landing: "/",
    });
    expect(withoutRef.success).toBe(true);
    expect(siteEventSchema.safeParse({ ...withoutRef.data, ref: "not-a-reference" }).success).toBe(
      false,
    );
  });

  it.each([
    ["a NUL", "a\u0000b"],
    ["a line break", "a\nb"],
    ["DEL", "a\u007fb"],
    ["a C1 control (U+009B)", "a\u009b31mb"],
    ["a C1 line break (U+0085)", "a\u0085b"],
    ["a bidi override (U+202E)", "invoice\u202egpj"],
    ["a bidi isolate (U+2066)", "a\u2066b"],
    ["a zero-width space", "a\u200bb"],
  ])("refuses %s in any of them", (_case, value) => {
    for (const field of ["utms", "utmm", "utmc"]) {
      expect(landing({ [field]: value }).success, field).toBe(false);
      expect(demo({ [field]: value }).success, field).toBe(false);
    }
  });

  it("keeps them trimmed, in NFC and cut to 100 characters", () => {
    const long = "x".repeat(150);
    expect(
      landing({ utms: `  ${long}`, utmm: "cafe\u0301 ", utmc: "🎂".repeat(150) }).data,
    ).toMatchObject({
      attribution: { utms: "x".repeat(100), utmm: "caf\u00e9", utmc: "🎂".repeat(100) },
    });
    expect(demo({ utmc: long }).data).toMatchObject({ attribution: { utmc: "x".repeat(100) } });
    // A name of exactly 100 characters, and one 95 characters long, are kept whole.
    const name95 = `z-${"long-campaign-name-".repeat(4)}${"7".repeat(17)}`;
    expect(name95).toHaveLength(95);
    expect(landing({ utmc: name95 }).data).toMatchObject({ attribution: { utmc: name95 } });
    expect(landing({ utmc: "y".repeat(100) }).data).toMatchObject({
      attribution: { utmc: "y".repeat(100) },
    });
  });

  it("refuses a landing whose source is empty once trimmed", () => {
    expect(landing({ utms: "   " }).success).toBe(false);
    expect(landing({ utms: "" }).success).toBe(false);
  });
});

describe("landingPathSchema", () => {
  it.each(["/", "/pricing", "/to/promo/spring", "/page/caf%C3%A9"])("accepts %s", (path) => {
    expect(landingPathSchema.safeParse(path).success).toBe(true);
  });

  it.each([
    "",
    "pricing",
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/",
    "/a b",
    "/café",
    `/${"a".repeat(300)}`,
  ])("refuses %j", (path) => {
    expect(landingPathSchema.safeParse(path).success).toBe(false);
  });
});

describe("meSchema", () => {
  const me = (role: unknown) => ({
    user: { uid: "u-1", email: null, profile: { status: "active", role } },
  });

  it("reads the operator role, and null for everyone else", () => {
    expect(meSchema.parse(me("operator")).user.profile.role).toBe("operator");
    expect(meSchema.parse(me(null)).user.profile.role).toBeNull();
  });

  it("reads a role added after this build as no role, rather than failing the sign-in", () => {
    expect(meSchema.parse(me("auditor")).user.profile.role).toBeNull();
  });
});

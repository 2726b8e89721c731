import { describe, expect, it } from "vitest";
import { conversionEventSchema, landingPathSchema, meSchema } from "./api-contract.ts";

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

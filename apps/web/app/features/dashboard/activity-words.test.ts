import { describe, expect, it } from "vitest";
import { describeKind, fieldChanges, readKindFilter } from "./activity-words.ts";

const link = {
  link: "promo/spring",
  destination: "/pricing",
  utm: { source: "flyer", medium: "print", campaign: "spring", content: null, term: null },
  target: "/pricing?utm_source=flyer&utm_medium=print&utm_campaign=spring",
  signInRequired: false,
  expiresAt: null,
  fallback: null,
};

describe("fieldChanges", () => {
  it("lists only what changed, old and new, by the fields' names", () => {
    const after = {
      ...link,
      utm: { ...link.utm, campaign: "summer" },
      target: "/pricing?utm_source=flyer&utm_medium=print&utm_campaign=summer",
      signInRequired: true,
    };
    expect(fieldChanges(link, after)).toEqual([
      { field: "Campaign name", before: "spring", after: "summer" },
      {
        field: "Sends visitors to",
        before: link.target,
        after: "/pricing?utm_source=flyer&utm_medium=print&utm_campaign=summer",
      },
      { field: "Sign-in required", before: "No", after: "Yes" },
    ]);
  });

  it("shows every set field of a thing made, and of a thing deleted, with no other side", () => {
    const made = fieldChanges(null, link);
    expect(made.map((change) => change.field)).toEqual([
      "Short link",
      "Destination",
      "Campaign source",
      "Campaign medium",
      "Campaign name",
      "Sends visitors to",
      "Sign-in required",
    ]);
    expect(made[1]).toEqual({ field: "Destination", after: "/pricing" });
    expect(fieldChanges(link, null)[0]).toEqual({ field: "Short link", before: "promo/spring" });
  });

  it("shows a field a later build adds by its own name, after the known ones", () => {
    expect(fieldChanges({ link: "a/b" }, { link: "a/c", colour: "red" })).toEqual([
      { field: "Short link", before: "a/b", after: "a/c" },
      { field: "colour", after: "red" },
    ]);
  });
});

describe("kinds", () => {
  it("are named in words, and an unknown one is shown as stored", () => {
    expect(describeKind("link.created")).toBe("Short link created");
    expect(describeKind("page.saved")).toBe("page.saved");
    expect(describeKind("toString")).toBe("toString");
  });

  it("are read from the address only when the filter offers them", () => {
    expect(readKindFilter("link.deleted")).toBe("link.deleted");
    expect(readKindFilter("nope")).toBeUndefined();
    expect(readKindFilter(null)).toBeUndefined();
  });
});

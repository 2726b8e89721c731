import { describe, expect, it } from "vitest";
import { matchesLinkSearch } from "./link-search.ts";

const spring = {
  cat: "promo",
  id: "spring-flyer",
  target: "/book-demo?utm_source=flyer&utm_medium=print&utm_campaign=spring%20sale",
};
const café = { cat: "events", id: "open-day", target: "/?utm_campaign=Caf%C3%A9+week" };

describe("matchesLinkSearch", () => {
  it("finds a link by its address, where it goes, or a campaign name, whatever the case", () => {
    for (const search of ["spring-flyer", "/to/promo", "BOOK-DEMO", "print", "Spring Sale"]) {
      expect(matchesLinkSearch(spring, search), search).toBe(true);
    }
    expect(matchesLinkSearch(spring, "pricing")).toBe(false);
  });

  it("asks every word to be there, in any order", () => {
    expect(matchesLinkSearch(spring, "sale flyer")).toBe(true);
    expect(matchesLinkSearch(spring, "sale newsletter")).toBe(false);
  });

  it("reads a name's escapes and accents as a reader types it", () => {
    expect(matchesLinkSearch(café, "café week")).toBe(true);
    expect(matchesLinkSearch(café, "cafe")).toBe(true);
    expect(matchesLinkSearch(spring, "spring sale")).toBe(true);
  });

  it("shows every link for an empty search, and keeps a target whose escapes are broken", () => {
    expect(matchesLinkSearch(spring, "   ")).toBe(true);
    const broken = { cat: "promo", id: "odd", target: "/?utm_campaign=100%" };
    expect(matchesLinkSearch(broken, "100%")).toBe(true);
  });
});

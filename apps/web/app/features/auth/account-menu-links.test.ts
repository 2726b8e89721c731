import { describe, expect, it } from "vitest";
import { accountMenuLinks } from "./account-menu-links.ts";

const labels = (links: ReturnType<typeof accountMenuLinks>) => links.map((link) => link.label);

describe("accountMenuLinks", () => {
  it.each(["pending", "quote"] as const)("offers onboarding to a %s profile", (status) => {
    const links = accountMenuLinks(status, "https://my.example.com");
    expect(labels(links)).toEqual(["My area home", "Onboarding", "Book a Demo", "Pricing"]);
    expect(links[1]).toEqual({
      id: "onboarding",
      label: "Onboarding",
      href: "https://my.example.com/onboarding",
      external: true,
    });
  });

  it.each(["active", "paused", "cancelled", null] as const)(
    "leaves onboarding out for %s",
    (status) => {
      expect(labels(accountMenuLinks(status, "https://my.example.com/"))).toEqual([
        "My area home",
        "Book a Demo",
        "Pricing",
      ]);
    },
  );

  it("links my-area home on the my-area host and the rest inside the site", () => {
    const links = accountMenuLinks("active", "https://my.example.com/app/");
    expect(links.map(({ href, external }) => [href, external])).toEqual([
      ["https://my.example.com/app/", true],
      ["/book-demo", false],
      ["/pricing", false],
    ]);
  });
});

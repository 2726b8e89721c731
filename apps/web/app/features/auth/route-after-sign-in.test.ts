import { profileStatuses } from "@bakery/shared/api-contract";
import { describe, expect, it } from "vitest";
import { needsOnboarding, routeAfterSignIn, type SignInContext } from "./route-after-sign-in.ts";

const siteOrigin = "https://www.example.com";
const myAreaUrl = "https://my.example.com";
const onboarding = { kind: "onboarding", url: "https://my.example.com/onboarding" };
const myAreaHome = { kind: "my-area-home", url: "https://my.example.com/" };

function route(context: Partial<SignInContext> & { status: string }) {
  return routeAfterSignIn({
    target: null,
    currentPath: "/pricing",
    siteOrigin,
    myAreaUrl,
    ...context,
  });
}

// "archived" stands for a status the platform adds after this build: no special rule applies.
const settledStatuses = [...profileStatuses, "archived"].filter(
  (status) => status !== "pending" && status !== "quote",
);
const paths = ["/", "/login", "/pricing", "/to/account/billing", "/page/about"];

const goodTargets: Array<[target: string, url: string]> = [
  ["/pricing?x=1", "/pricing?x=1"],
  ["/to/account/billing", "/to/account/billing"],
  ["/privacy-policy#cookies", "/privacy-policy#cookies"],
  ["/", "/"],
  [`${siteOrigin}/book-demo`, "https://www.example.com/book-demo"],
];

const badTargets = [
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "/%2F%2Fevil.example",
  "/%5Cevil.example",
  // Dot segments collapse these to "//evil.example", which a browser reads as another host.
  "/.//evil.example/",
  "/a/..//evil.example",
  "https:evil.example",
  "https://www.example.com@evil.example/",
  " /pricing",
  "pricing",
  "data:text/html,<script>alert(1)</script>",
  // An allowed redirect host elsewhere, but sign-in targets are same-origin paths only.
  "https://my.example.com/billing",
];

describe("needsOnboarding", () => {
  it.each(["pending", "quote"])("%s: yes", (status) => {
    expect(needsOnboarding(status)).toBe(true);
  });

  it.each(settledStatuses)("%s: no", (status) => {
    expect(needsOnboarding(status)).toBe(false);
  });
});

describe("routeAfterSignIn", () => {
  describe.each(["pending", "quote"] as const)("a %s profile", (status) => {
    it.each(paths)("goes to onboarding from %s", (currentPath) => {
      expect(route({ status, currentPath })).toEqual(onboarding);
    });

    // Onboarding may ask them to accept the terms: the legal pages must stay readable.
    it.each(["/privacy-policy", "/terms-of-service", "/terms-of-service/"])(
      "stays on the legal page %s",
      (currentPath) => {
        expect(route({ status, currentPath })).toEqual({ kind: "stay" });
        expect(route({ status, currentPath, target: "/pricing" })).toEqual({ kind: "stay" });
      },
    );

    it.each([...goodTargets.map(([target]) => target), ...badTargets])(
      "goes to onboarding even with target %s",
      (target) => {
        expect(route({ status, target, currentPath: "/login" })).toEqual(onboarding);
      },
    );
  });

  describe.each(settledStatuses)("an %s profile", (status) => {
    it.each(goodTargets)("follows the target %s", (target, url) => {
      for (const currentPath of paths) {
        expect(route({ status, target, currentPath })).toEqual({ kind: "target", url });
      }
    });

    it.each(badTargets)("goes to my-area home instead of the target %s", (target) => {
      for (const currentPath of paths) {
        expect(route({ status, target, currentPath })).toEqual(myAreaHome);
      }
    });

    it.each(["/", "/login", "/login/"])("goes to my-area home from %s without a target", (path) => {
      expect(route({ status, currentPath: path })).toEqual(myAreaHome);
      expect(route({ status, currentPath: path, target: "" })).toEqual(myAreaHome);
    });

    it.each(["/pricing", "/to/account/billing", "/loginx", "/login/help", "/saas"])(
      "stays on %s without a target",
      (currentPath) => {
        expect(route({ status, currentPath })).toEqual({ kind: "stay" });
        expect(route({ status, currentPath, target: "" })).toEqual({ kind: "stay" });
      },
    );
  });

  it("builds my-area links whether or not MY_AREA_URL ends with a slash", () => {
    const withSlash = { siteOrigin, myAreaUrl: "https://my.example.com/app/", target: null };
    expect(routeAfterSignIn({ ...withSlash, status: "quote", currentPath: "/" })).toEqual({
      kind: "onboarding",
      url: "https://my.example.com/app/onboarding",
    });
    expect(routeAfterSignIn({ ...withSlash, status: "active", currentPath: "/" })).toEqual({
      kind: "my-area-home",
      url: "https://my.example.com/app/",
    });
  });
});

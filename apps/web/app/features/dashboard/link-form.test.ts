import { describe, expect, it } from "vitest";
import {
  emptyLinkForm,
  fieldOfProblem,
  formProblems,
  formValuesOf,
  type LinkFormValues,
  namesInTargets,
  nearName,
  previewTarget,
  shortAddress,
  slugProblem,
  writeBody,
} from "./link-form.ts";

const policy = {
  siteOrigin: "https://rise.example",
  allowedHosts: ["rise.example", "my.example.com"],
};
const form = (values: Partial<LinkFormValues>): LinkFormValues => ({ ...emptyLinkForm, ...values });
const campaign = { source: "flyer", medium: "print", campaign: "spring-sale" };

describe("the short address", () => {
  it("is the site's /to/ address in lowercase, with placeholders until typed", () => {
    expect(shortAddress("https://rise.example/", "Promo", "Spring")).toBe(
      "https://rise.example/to/promo/spring",
    );
    expect(shortAddress("https://rise.example", "", "")).toBe(
      "https://rise.example/to/category/id",
    );
  });

  it("checks category and id with the shared slug rules", () => {
    expect(slugProblem("spring_2026-a")).toBeUndefined();
    expect(slugProblem("")).toMatch(/Enter it/);
    expect(slugProblem("-spring")).toMatch(/Start with a letter or digit/);
    expect(slugProblem("spring sale")).toMatch(/only letters/);
    expect(slugProblem("a".repeat(65))).toMatch(/at most 64/);
  });
});

describe("the destination as it will be sent", () => {
  it("adds the campaign fields to a path on this site, as the API does", () => {
    expect(
      previewTarget(form({ destination: "/pricing#plans", ...campaign, term: "rye" }), policy),
    ).toEqual({
      ok: true,
      target:
        "/pricing?utm_source=flyer&utm_medium=print&utm_campaign=spring-sale&utm_term=rye#plans",
    });
    expect(
      previewTarget(form({ destination: "/book-demo?plan=pro", ...campaign }), policy),
    ).toEqual({
      ok: true,
      target: "/book-demo?plan=pro&utm_source=flyer&utm_medium=print&utm_campaign=spring-sale",
    });
  });

  it("takes an allowed address without a campaign, and refuses campaign fields on it", () => {
    expect(previewTarget(form({ destination: "https://my.example.com/x" }), policy)).toEqual({
      ok: true,
      target: "https://my.example.com/x",
    });
    expect(
      previewTarget(form({ destination: "https://my.example.com/x", ...campaign }), policy),
    ).toEqual({
      ok: false,
      problems: { destination: "Campaign fields can only be added to addresses on this site" },
    });
  });

  it("names the field to fix", () => {
    expect(previewTarget(form({ destination: "https://evil.example/" }), policy)).toEqual({
      ok: false,
      problems: { destination: "Host evil.example is not on the allow-list" },
    });
    expect(previewTarget(form({ destination: "/to/promo/x" }), policy)).toMatchObject({
      ok: false,
      problems: { destination: expect.stringMatching(/can't lead to a short link/) },
    });
    expect(
      previewTarget(form({ destination: "/", source: "sms", campaign: "a b" }), policy),
    ).toEqual({
      ok: false,
      problems: {
        medium: "Enter the campaign medium too",
        campaign: "Use at most 100 letters, digits and . _ ~ - (no spaces)",
      },
    });
  });
});

describe("the form", () => {
  it("wants a fallback only with an expiry", () => {
    expect(
      formProblems(form({ cat: "promo", id: "x", destination: "/", fallback: "/pricing" }), policy),
    ).toEqual({ fallback: "Set an expiry too: the fallback is used after it" });
  });

  it("is sent as the whole link, and read back from a stored one", () => {
    const values = form({
      cat: "promo",
      id: "spring",
      destination: " /pricing ",
      ...campaign,
      expiresAt: "2026-06-30T23:59",
      fallback: "/",
    });
    const body = writeBody(values);
    expect(body).toEqual({
      destination: "/pricing",
      utm: { ...campaign, content: null, term: null },
      expiresAt: new Date("2026-06-30T23:59").toISOString(),
      fallback: "/",
      signInRequired: false,
    });
    expect(writeBody(form({ destination: "/" })).utm).toBeNull();
    // The editor's "Sign-in required" box: sent as it is ticked.
    expect(writeBody(form({ destination: "/", signInRequired: true })).signInRequired).toBe(true);
    const stored = formValuesOf({
      cat: "promo",
      id: "spring",
      link: "promo/spring",
      destination: "/pricing",
      utm: { ...campaign, content: null, term: null },
      target: "/pricing?utm_source=flyer",
      signInRequired: true,
      expiresAt: new Date("2026-06-30T23:59").toISOString(),
      fallback: "/",
      shortLink: "https://rise.example/to/promo/spring",
      clicks: 0,
      revision: "r1",
      updatedAt: "2026-03-01T00:00:00.000Z",
    });
    expect(stored).toEqual({ ...values, destination: "/pricing", signInRequired: true });
  });

  it("puts the API's 422 at its field", () => {
    expect(fieldOfProblem("destination: host evil.example is not on the allow-list")).toEqual({
      field: "destination",
      words: "Host evil.example is not on the allow-list",
    });
    expect(fieldOfProblem("utm.source: must be at most 100 characters")?.field).toBe("source");
    expect(fieldOfProblem("The body is not valid JSON")).toBeUndefined();
  });
});

describe("the campaign builder's suggestions", () => {
  it("hints at an existing name that differs only by case or spacing", () => {
    const known = ["newsletter", "spring-sale"];
    expect(nearName("Spring Sale", known)).toBe("spring-sale");
    expect(nearName("springsale", known)).toBe("spring-sale");
    expect(nearName("spring-sale", known)).toBeUndefined();
    expect(nearName("summer", known)).toBeUndefined();
  });

  it("reads content and term names from the links' targets", () => {
    expect(
      namesInTargets(
        ["/?utm_content=top&utm_term=rye", "https://my.example.com/", "/p?utm_content=side"],
        "utm_content",
      ),
    ).toEqual(["side", "top"]);
  });
});

import { describe, expect, it } from "vitest";
import { newVisitReference } from "./attribution-record.ts";
import { decodeClientReferenceId, encodeClientReferenceId } from "./client-reference-id.ts";

const ref = "Zm9vYmFyLWJhei1xdXV4LT";

describe("decodeClientReferenceId", () => {
  it("reads the visit reference and the names, with none as empty", () => {
    expect(decodeClientReferenceId(`ref_${ref}__src_fb__med_cpc__cmp_spring`)).toEqual({
      ref,
      names: { utms: "fb", utmm: "cpc", utmc: "spring" },
    });
    expect(decodeClientReferenceId(`ref_${ref}__src_www-google-com__med_none__cmp_none`)).toEqual({
      ref,
      names: { utms: "www-google-com", utmm: "", utmc: "" },
    });
    expect(
      decodeClientReferenceId(`ref_${ref}__src_www_2Egoogle_2Ecom__med_none__cmp_march_5Fnews`),
    ).toEqual({ ref, names: { utms: "www.google.com", utmm: "", utmc: "march_news" } });
  });

  it("still reads the form written before visit references, parts of up to 60 characters", () => {
    expect(decodeClientReferenceId("src_fb__med_cpc__cmp_spring")).toEqual({
      ref: undefined,
      names: { utms: "fb", utmm: "cpc", utmc: "spring" },
    });
    const sixty = "x".repeat(60);
    expect(decodeClientReferenceId(`src_${sixty}__med_cpc__cmp_spring`)?.names?.utms).toBe(sixty);
  });

  it("refuses anything the site does not write", () => {
    for (const id of [
      null,
      undefined,
      "",
      "customer-42",
      "src_fb__med_cpc",
      "src_fb__med_cpc__cmp_spring__extra_x",
      "src_f.b__med_cpc__cmp_spring",
      `src_${"x".repeat(61)}__med_cpc__cmp_spring`,
      // With a reference, a part is at most 52 characters (200 in all).
      `ref_${ref}__src_${"x".repeat(53)}__med_cpc__cmp_spring`,
      // A reference is 22 characters, and comes first.
      `ref_${ref.slice(1)}__src_fb__med_cpc__cmp_spring`,
      `src_fb__med_cpc__cmp_spring__ref_${ref}`,
      "src_fb__med_cpc__cmp_spring\n",
      // An escape that is not two upper-case hex digits.
      "src_f_2__med_cpc__cmp_spring",
      "src_f_2e__med_cpc__cmp_spring",
    ]) {
      expect(decodeClientReferenceId(id), String(id)).toBeNull();
    }
  });

  it.each([
    ["a terminal escape", "src_x__med_y__cmp__1B_5B31mRED"],
    ["a NUL byte", "src_a__med_b__cmp_a_00b"],
    ["a C1 control (U+009B)", "src_a__med_b__cmp_a_C2_9Bb"],
    ["a bidi override (U+202E)", "src_a__med_b__cmp_a_E2_80_AEb"],
    ["a line break", "src_a_0D_0Ab__med_b__cmp_c"],
    ["bytes that are not UTF-8", "src_f_FF__med_cpc__cmp_spring"],
    ["a source that is empty", "src_none__med_cpc__cmp_spring"],
  ])("gives no names for %s, but keeps the reference", (_case, names) => {
    expect(decodeClientReferenceId(names)).toEqual({ ref: undefined, names: null });
    expect(decodeClientReferenceId(`ref_${ref}__${names}`)).toEqual({ ref, names: null });
  });

  it("gives the names of a long name cut by the encoder, whatever character the cut falls after", () => {
    // 49 letters and a space fill a part exactly: the cut name ends in a space.
    const campaign = `${"x".repeat(49)} and the rest of a long campaign name`;
    const id = encodeClientReferenceId({ utms: "fb", utmm: "cpc", utmc: campaign, ref });
    expect(decodeClientReferenceId(id)).toEqual({
      ref,
      names: { utms: "fb", utmm: "cpc", utmc: "x".repeat(49) },
    });
  });
});

describe("encodeClientReferenceId", () => {
  it("writes the visit's reference first, then source, medium and campaign", () => {
    expect(encodeClientReferenceId({ utms: "fb", utmm: "cpc", utmc: "spring", ref })).toBe(
      `ref_${ref}__src_fb__med_cpc__cmp_spring`,
    );
    // A record saved before references existed, or with a reference that is not one.
    expect(encodeClientReferenceId({ utms: "fb", utmm: "cpc", utmc: "spring" })).toBe(
      "src_fb__med_cpc__cmp_spring",
    );
    expect(
      encodeClientReferenceId({ utms: "fb", utmm: "cpc", utmc: "spring", ref: "a__src_evil" }),
    ).toBe("src_fb__med_cpc__cmp_spring");
  });

  it("writes only the characters the provider allows, escaping the others", () => {
    const id = encodeClientReferenceId({
      utms: "www.google.com",
      utmm: "",
      utmc: "Spring Sale! 2026/ü",
    });
    expect(id).toBe("src_www_2Egoogle_2Ecom__med_none__cmp_Spring_20Sale_21_202026_2F_C3_BC");
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ["long letters", "x".repeat(500)],
    ["a 95-character campaign", `z-${"long-campaign-name-".repeat(4)}${"7".repeat(17)}`],
    ["accents", "é".repeat(100)],
    ["emoji", "🎂".repeat(100)],
    ["Chinese", "春季促销".repeat(25)],
    ["punctuation", "a.!/".repeat(25)],
    ["a mix", "aé🎂-".repeat(25)],
  ])("stays within 200 allowed characters and cuts between characters: %s", (_case, long) => {
    for (const withRef of [ref, undefined]) {
      const id = encodeClientReferenceId({ utms: long, utmm: long, utmc: long, ref: withRef });
      expect(id?.length).toBeLessThanOrEqual(200);
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      const names = decodeClientReferenceId(id)?.names;
      // Each name read back is the start of the one written (never half of a character).
      for (const name of [names?.utms, names?.utmm, names?.utmc]) {
        expect(name).toBeTruthy();
        expect(long.startsWith(name ?? "")).toBe(true);
      }
    }
  });

  it("is read back by the API's webhook as exactly the names the visit had", () => {
    for (const names of [
      { utms: "fb", utmm: "cpc", utmc: "spring-2026" },
      { utms: "newsletter", utmm: "", utmc: "march_news" },
      { utms: "www.google.com", utmm: "referral", utmc: "" },
      { utms: "Facebook Ads", utmm: "Paid Social", utmc: "Spring.Sale 2026" },
      { utms: "sms", utmm: "text", utmc: "Pâques 2027 🐣" },
      { utms: "Zürich Café", utmm: "e-mail", utmc: "Crème Brûlée" },
      { utms: "none", utmm: "none", utmc: "none" },
      { utms: "a__med_b", utmm: "_2E", utmc: "" },
    ]) {
      for (const withRef of [ref, newVisitReference()]) {
        expect(
          decodeClientReferenceId(encodeClientReferenceId({ ...names, ref: withRef })),
        ).toEqual({ ref: withRef, names });
      }
      expect(decodeClientReferenceId(encodeClientReferenceId(names))).toEqual({
        ref: undefined,
        names,
      });
    }
  });

  it("is absent without a source", () => {
    expect(encodeClientReferenceId(undefined)).toBeUndefined();
    expect(encodeClientReferenceId({ utms: "", utmm: "", utmc: "", ref })).toBeUndefined();
  });
});

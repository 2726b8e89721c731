import { describe, expect, it } from "vitest";
import {
  addedWords,
  alreadyOperator,
  emailProblem,
  isYou,
  memberName,
  refusalWords,
  removedWords,
  sinceWords,
} from "./team-words.ts";

const ann = { uid: "u-ann", email: "Ann@Example.com", since: "2026-03-03T10:00:00.000Z" };
const noAddress = { uid: "u-phone", email: null, since: null };

describe("the team screen's words", () => {
  it("knows your own row by your address, whatever its case", () => {
    expect(isYou(ann, "ann@example.com")).toBe(true);
    expect(isYou(ann, "bob@example.com")).toBe(false);
    expect(isYou(noAddress, null)).toBe(false);
    expect(isYou(ann, null)).toBe(false);
  });

  it("names an account without an address by its id", () => {
    expect(memberName(ann)).toBe("Ann@Example.com");
    expect(memberName(noAddress)).toBe("account u-phone");
  });

  it("says since when, or that the role is older than the log", () => {
    const utc = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
    expect(sinceWords(ann.since, utc)).toBe("Operator since 3 Mar 2026");
    expect(sinceWords(null)).toBe("Operator since before the activity log began");
  });

  it("checks the address as the API does, in words", () => {
    expect(emailProblem("  ")).toBe("Enter your colleague's e-mail address");
    expect(emailProblem("ann")).toBe("Must be an e-mail address, like ann@example.com");
    expect(emailProblem(" ann@example.com ")).toBeUndefined();
    expect(refusalWords("email: x@y.example is not an address the sign-in service takes")).toBe(
      "x@y.example is not an address the sign-in service takes",
    );
    expect(refusalWords("There is no account with the address ann@example.com.")).toBe(
      "There is no account with the address ann@example.com.",
    );
  });

  it("tells a new operator from one who had the role already", () => {
    expect(alreadyOperator([ann], " ann@example.COM")).toBe(true);
    expect(alreadyOperator([ann, noAddress], "bob@example.com")).toBe(false);
    expect(addedWords(ann, false)).toBe(
      "Ann@Example.com is now an operator: the back office opens for them at their next page load.",
    );
    expect(addedWords(ann, true)).toBe(
      "Ann@Example.com is an operator already: nothing was changed.",
    );
    expect(removedWords(ann)).toContain("Ann@Example.com is no longer an operator");
  });
});

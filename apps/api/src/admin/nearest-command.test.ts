import { describe, expect, it } from "vitest";
import { nearestCommand } from "./nearest-command.ts";

const known = ["links put", "links list", "links rm", "pages put", "pages list", "users list"];

describe("nearestCommand", () => {
  it("finds the command a typo was meant to be", () => {
    expect(nearestCommand("links pt", known)).toBe("links put");
    expect(nearestCommand("link list", known)).toBe("links list");
    expect(nearestCommand("pages lst", known)).toBe("pages list");
    expect(nearestCommand("Links RM", known)).toBe("links rm");
  });

  it("suggests nothing for something unrelated", () => {
    expect(nearestCommand("deploy everything", known)).toBeUndefined();
  });
});

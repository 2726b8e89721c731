import { describe, expect, it } from "vitest";
import { bookDemoPathWithNote } from "./book-demo-note.ts";

describe("bookDemoPathWithNote", () => {
  it("puts the note in /book-demo's query, encoded", () => {
    expect(bookDemoPathWithNote("Cake quote: Two tier 8/6 inch & more")).toBe(
      "/book-demo?note=Cake+quote%3A+Two+tier+8%2F6+inch+%26+more",
    );
  });
});

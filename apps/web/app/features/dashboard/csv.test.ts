import { describe, expect, it } from "vitest";
import { buildCsv } from "./csv.ts";

describe("buildCsv", () => {
  it("writes a header and rows with CRLF line ends, numbers and empty cells as they are", () => {
    expect(
      buildCsv(
        ["Campaign", "Landings", "Booking rate"],
        [
          ["spring", 120, 0.05],
          ["(none)", 3, null],
        ],
      ),
    ).toBe("Campaign,Landings,Booking rate\r\nspring,120,0.05\r\n(none),3,\r\n");
  });

  it("quotes fields with commas, quotes and line breaks", () => {
    expect(buildCsv(["a"], [['say "hi", then\nleave']])).toBe('a\r\n"say ""hi"", then\nleave"\r\n');
  });

  it.each(['=HYPERLINK("https://evil.example")', "+1+2", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])(
    "keeps %j as text by prefixing a quote",
    (cell) => {
      const line = buildCsv(["Campaign"], [[cell]]).split("\r\n")[1] ?? "";
      expect(line.replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("leaves negative numbers as numbers and safe text alone", () => {
    expect(buildCsv(["n", "t"], [[-1, "a=b"]])).toBe("n,t\r\n-1,a=b\r\n");
  });
});

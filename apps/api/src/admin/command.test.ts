import { describe, expect, it } from "vitest";
import { printable, printableLines, printJson, table } from "./command.ts";

const printed = (print: (out: (line: string) => void) => void) => {
  const lines: string[] = [];
  print((line) => lines.push(line));
  return lines;
};

describe("printable", () => {
  it("escapes every control and format character, C0, DEL, C1 and bidi overrides alike", () => {
    expect(printable("\u009b31mRED")).toBe("\\u{9b}31mRED");
    expect(printable("invoice\u202Etxt.exe")).toBe("invoice\\u{202e}txt.exe");
    expect(printable("\u001b[2Jbell\u0007 del\u007f nul\u0000")).toBe(
      "\\u{1b}[2Jbell\\u{7} del\\u{7f} nul\\u{0}",
    );
    expect(printable("line\nbreak\ttab\rreturn")).toBe("line\\u{a}break\\u{9}tab\\u{d}return");
    // Format characters: zero-width space, byte-order mark, a tag beyond U+FFFF.
    expect(printable("a\u200Bb\uFEFFc\u{E0041}")).toBe("a\\u{200b}b\\u{feff}c\\u{e0041}");
  });

  it("leaves printable text alone, accents and symbols included", () => {
    for (const text of ["Crème brûlée – 5 € ✓", "spring_2026.fb", "日本語", "🥐", "\\u{9b}"]) {
      expect(printable(text)).toBe(text);
    }
  });

  it("keeps the line breaks between lines of output", () => {
    expect(printableLines("<h2>Hi</h2>\n<p>\u202Eok</p>")).toBe("<h2>Hi</h2>\n<p>\\u{202e}ok</p>");
  });
});

describe("table", () => {
  it("escapes each cell, aligning columns on what is printed", () => {
    expect(
      printed((out) =>
        table(
          [
            ["CAMPAIGN", "DEMOS"],
            ["\u009bx", "1"],
            ["a\nfake  9", "2"],
          ],
          out,
        ),
      ),
    ).toEqual(["CAMPAIGN       DEMOS", "\\u{9b}x        1", "a\\u{a}fake  9  2"]);
  });
});

describe("printJson", () => {
  it("escapes C1 controls, DEL and format characters too, as JSON that parses back the same", () => {
    const value = { name: "\u009b31m\u202E\u007f\u{E0041}", plain: "café", lines: "a\nb" };
    const [document, ...rest] = printed((out) => printJson(value, out));
    expect(rest).toEqual([]);
    expect(document).toContain('"\\u009b31m\\u202e\\u007f\\udb40\\udc41"');
    // The only raw control characters left are the indentation's line breaks.
    expect(document?.replaceAll("\n", "")).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect(JSON.parse(document ?? "")).toEqual(value);
  });
});

import { describe, expect, it } from "vitest";
import { differences, pagesOf, snapshotOf, UPDATE_COMMAND } from "./built-pages-snapshot.ts";

const pages = new Map([
  ["index.html", ["html", "  head", "    title", "  body", "    main", "      h1", "      p"]],
  ["login/index.html", ["html"]],
]);

describe("the built pages' snapshot", () => {
  it("reads back the pages it writes, and names the command that writes it", () => {
    const text = snapshotOf(pages);
    expect(text).toContain(UPDATE_COMMAND);
    expect(pagesOf(text)).toEqual(pages);
    expect(differences(pagesOf(text), pages)).toEqual([]);
  });

  it("shows the lines that differ with a little context, and pages added or gone", () => {
    const built = new Map([
      ["index.html", ["html", "  head", "    title", "  body", "    main", "      h2", "      p"]],
      ["signup/index.html", ["html"]],
    ]);
    expect(differences(pages, built)).toEqual([
      "index.html (line numbers of the built page's structure):",
      "    4     body",
      "    5       main",
      "      -       h1",
      "    6 +       h2",
      "    7         p",
      "login/index.html: in the snapshot, not in the build",
      "signup/index.html: a page the snapshot does not have",
    ]);
  });
});

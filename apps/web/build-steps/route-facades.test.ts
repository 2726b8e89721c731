import { describe, expect, it } from "vitest";
import { importRouteFacadesDirectly } from "./route-facades.ts";

const boot = `import "/assets/manifest-m.js";
import * as route0 from "/assets/root-r.js";
import * as route1 from "/assets/site-layout-s.js";
import * as route2 from "/assets/login-l.js";
window.__reactRouterRouteModules = {"root":route0,"layout/site-layout":route1,"routes/login":route2};
import("/assets/entry.client-e.js");`;

const files: Record<string, string> = {
  "/assets/root-r.js": `export{z as ErrorBoundary,B as Layout,Pt as default,V as links}from"./every-page-p.js";\n`,
  "/assets/site-layout-s.js": `export{L as default}from"./every-page-p.js";`,
  // A route with code of its own is a module, not a facade.
  "/assets/login-l.js": `import{a as e}from"./every-page-p.js";var t=()=>e();export{t as default};`,
};

describe("the routes' facade files on a page's start", () => {
  it("imports a facade's bindings from the file it re-exports, under the route's names", async () => {
    const { boot: rewritten, unused } = importRouteFacadesDirectly(boot, (href) => files[href]);
    expect(unused).toEqual(["/assets/root-r.js", "/assets/site-layout-s.js"]);
    expect(rewritten).not.toContain("root-r.js");
    expect(rewritten).not.toContain("site-layout-s.js");
    expect(rewritten).toContain('import * as route2 from "/assets/login-l.js";');
    expect(rewritten).toContain(
      'import { z as route0$0, B as route0$1, Pt as route0$2, V as route0$3 } from "/assets/every-page-p.js";',
    );
    expect(rewritten).toContain('import { L as route1$0 } from "/assets/every-page-p.js";');

    // Evaluated with stand-ins for the imports: each route gets the same values under its names.
    const everyPage = { z: "boundary", B: "layout", Pt: "root view", V: "links", L: "site layout" };
    const body = rewritten
      .replace(/^import \{ (.+) \} from "\/assets\/every-page-p\.js";$/gm, (_, names: string) =>
        names
          .split(", ")
          .map((pair) => pair.split(" as "))
          .map(([from, to]) => `const ${to} = everyPage.${from};`)
          .join("\n"),
      )
      .replace(/^import \* as (\w+) from .*;$/gm, "const $1 = {};")
      .replace(/^import .*;$/gm, "")
      .replace(/^window\.__reactRouterRouteModules = /m, "return ");
    const modules = new Function("everyPage", body)(everyPage);
    expect({ ...modules.root }).toEqual({
      ErrorBoundary: "boundary",
      Layout: "layout",
      default: "root view",
      links: "links",
    });
    expect({ ...modules["layout/site-layout"] }).toEqual({ default: "site layout" });
    expect(Object.isFrozen(modules.root)).toBe(true);
  });

  it("leaves the boot module as it is when no import is of a facade", () => {
    const result = importRouteFacadesDirectly(boot, (href) =>
      href === "/assets/login-l.js" ? files[href] : undefined,
    );
    expect(result).toEqual({ boot, unused: [] });
  });

  it("leaves a file that does more than re-export one file", () => {
    const both = `export{a as default}from"./x.js";export{b as links}from"./y.js";`;
    const star = `export*from"./x.js";`;
    for (const text of [both, star]) {
      const result = importRouteFacadesDirectly(boot, (href) =>
        href === "/assets/root-r.js" ? text : undefined,
      );
      expect(result.unused).toEqual([]);
    }
  });
});

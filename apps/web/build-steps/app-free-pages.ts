import { hasRel } from "./page-html.ts";
import type { PageTransform } from "./page-transform.ts";

/**
 * A prerendered page without the app: every script element and module preload removed,
 * so the browser fetches and runs nothing but the page. For pages whose every control
 * is a link or works from the HTML (the menu drawer is a native popover): a short link's
 * problem page, which the server also answers at addresses the app would route
 * elsewhere, where hydrating it would not match.
 */
export const takeTheAppOut: PageTransform = {
  name: "take-the-app-out",
  pages: ["app-free"],
  writes: "nothing: removes every script element and module preload",
  after: [],
  rewrite(page) {
    for (const element of page.elements()) {
      if (element.name === "script" || hasRel(element, "modulepreload")) page.remove(element);
    }
  },
};

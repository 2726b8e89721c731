import { parseAst } from "vite";

/**
 * Takes the routes' facade files off each page's start. The root route and the site's layout
 * are in every-page (vite.config.ts), so the bundler writes each as a file of a few hundred
 * bytes that only re-exports every-page's bindings under the route's names
 * (`export { z as default, … } from "./every-page-….js"`). The boot module imports them for
 * React Router (`import * as route0 from "/assets/root-….js"`): two more files in the round
 * of requests that hydration waits for, each a round trip of a phone's link over one of
 * HTTP/1.1's six connections (bench/results/history.md). Here such an import becomes an import
 * of the same bindings from the file they are in, gathered under the route's names in a frozen
 * object, which is all React Router reads of a route module. The facade files stay, for the
 * route manifest's sake; the page no longer asks for them.
 *
 * Reads the boot module and the files it imports with the bundler's own parser: an import of any
 * other shape, or of a file that does more than re-export one other file, is left as it is.
 */
export function importRouteFacadesDirectly(
  boot: string,
  /** A built file's text from its root-relative href ("/assets/…"); undefined when none. */
  readBuilt: (href: string) => string | undefined,
): { boot: string; unused: string[] } {
  const edits: { start: number; end: number; text: string }[] = [];
  const unused: string[] = [];
  for (const statement of parseAst(boot).body) {
    if (statement.type !== "ImportDeclaration") continue;
    const [namespace, ...others] = statement.specifiers;
    const href = statement.source.value;
    if (namespace?.type !== "ImportNamespaceSpecifier" || others.length > 0) continue;
    if (typeof href !== "string" || !href.startsWith("/assets/")) continue;
    const facade = facadeOf(href, readBuilt(href));
    if (!facade) continue;
    const name = namespace.local.name;
    const locals = facade.bindings.map((_, index) => `${name}$${index}`);
    const imports = facade.bindings.map(({ local }, index) => `${local} as ${locals[index]}`);
    const fields = facade.bindings.map(({ exported }, index) => `${exported}: ${locals[index]}`);
    edits.push({
      start: statement.start,
      end: statement.end,
      text:
        `import { ${imports.join(", ")} } from ${JSON.stringify(facade.from)};\n` +
        `const ${name} = Object.freeze({ __proto__: null, ${fields.join(", ")} });`,
    });
    unused.push(href);
  }
  let rewritten = boot;
  for (const { start, end, text } of edits.reverse()) {
    rewritten = rewritten.slice(0, start) + text + rewritten.slice(end);
  }
  return { boot: rewritten, unused };
}

interface Facade {
  /** The root-relative href of the file whose bindings it re-exports. */
  from: string;
  /** Each binding: its name in that file, and the name the facade exports it under. */
  bindings: { local: string; exported: string }[];
}

/**
 * Each file's reading, by href: every page's boot module imports the same route files, and a
 * build writes some fifteen pages. Kept with the text it was read from, so a file rewritten under
 * the same name is read again.
 */
const readings = new Map<string, { text: string; facade: Facade | undefined }>();

/** What a file re-exports, when all it does is re-export named bindings of one other file. */
function facadeOf(href: string, text: string | undefined): Facade | undefined {
  if (text === undefined) return undefined;
  const known = readings.get(href);
  if (known?.text === text) return known.facade;
  const facade = readFacade(href, text);
  readings.set(href, { text, facade });
  return facade;
}

function readFacade(href: string, text: string): Facade | undefined {
  const [statement, ...others] = parseAst(text).body;
  if (others.length > 0 || statement?.type !== "ExportNamedDeclaration") return undefined;
  if (!statement.source || statement.declaration || statement.specifiers.length === 0) {
    return undefined;
  }
  const bindings: Facade["bindings"] = [];
  for (const specifier of statement.specifiers) {
    const { local, exported } = specifier;
    // `export { "a-b" as c }`: a string name can't be a binding of this module; leave the file.
    if (local.type !== "Identifier" || exported.type !== "Identifier") return undefined;
    bindings.push({ local: local.name, exported: exported.name });
  }
  const source = statement.source.value;
  if (typeof source !== "string") return undefined;
  const from = new URL(source, new URL(href, "https://site.invalid")).pathname;
  return { from, bindings };
}

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseAst } from "vite";

/**
 * A module of the app named by importing it, `() => import("./x.ts")`: TypeScript checks the
 * path, so moving or renaming the module without the list is a compile error. The build never
 * calls it; it reads the path from the list's source (readModuleLists).
 */
export type ModuleImport = () => Promise<unknown>;

/** One entry of an object of module lists: its key when written as a string, and its modules. */
export interface ModuleList {
  /** The key when it is a string literal; undefined when it is computed (`[somePath]`). */
  readonly key: string | undefined;
  /** Absolute paths of the modules its imports name, in order. */
  readonly modules: readonly string[];
}

type Program = ReturnType<typeof parseAst>;
type Node = { type: string; [field: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** The object a `export const name = {…}` declares, through `satisfies` or `as`. */
function exportedObject(program: Program, name: string): Node | undefined {
  for (const statement of program.body) {
    if (statement.type !== "ExportNamedDeclaration") continue;
    if (statement.declaration?.type !== "VariableDeclaration") continue;
    for (const declarator of statement.declaration.declarations) {
      if (declarator.id.type !== "Identifier" || declarator.id.name !== name) continue;
      let value: unknown = declarator.init;
      while (
        isNode(value) &&
        (value.type === "TSSatisfiesExpression" || value.type === "TSAsExpression")
      )
        value = value.expression;
      return isNode(value) && value.type === "ObjectExpression" ? value : undefined;
    }
  }
  return undefined;
}

/** The specifier of `() => import("…")`; undefined for anything else. */
function importedSpecifier(element: unknown): string | undefined {
  if (!isNode(element) || element.type !== "ArrowFunctionExpression") return undefined;
  const body = element.body;
  if (!isNode(body) || body.type !== "ImportExpression") return undefined;
  const source = body.source;
  if (!isNode(source) || source.type !== "Literal" || typeof source.value !== "string") {
    return undefined;
  }
  return source.value;
}

/**
 * The lists of modules in the object that `file` exports as `name`, each value an array of
 * `() => import("…")`, read from its source with the bundler's parser rather than run: running
 * it would make a bundler that follows the imports (Vite's, for its config) take the modules in.
 * A module that is not there fails, for a build run without the type check.
 */
export function readModuleLists(file: string, name: string): ModuleList[] {
  const object = exportedObject(parseAst(readFileSync(file, "utf8"), { lang: "ts" }), name);
  if (!object) throw new Error(`${file} exports no object ${name}`);
  const where = (what: string) => `${file}: ${name}${what}`;
  return (object.properties as Node[]).map((property) => {
    const value = property.value;
    if (property.type !== "Property" || !isNode(value) || value.type !== "ArrayExpression") {
      throw new Error(where(" holds something other than a list"));
    }
    const modules = (value.elements as unknown[]).map((element) => {
      const specifier = importedSpecifier(element);
      if (specifier === undefined) throw new Error(where(`: not a () => import("…") in a list`));
      const module = path.resolve(path.dirname(file), specifier);
      if (!existsSync(module)) throw new Error(where(` names ${module}, which is not there`));
      return module;
    });
    return { key: keyOf(property), modules };
  });
}

/** A property's key as written (`"/login":`, `login:`); undefined when computed. */
function keyOf(property: Node): string | undefined {
  const key = property.key;
  if (property.computed || !isNode(key)) return undefined;
  if (key.type === "Identifier") return String(key.name);
  return key.type === "Literal" ? String(key.value) : undefined;
}

import { Parser } from "htmlparser2";

/**
 * A built page reduced to its structure, one line per element or comment, indented by depth: the
 * tag, its attribute names, and the values that say what an element is (rel, type, as, name…)
 * or which of the build's files it names. Text, class lists and other values are left out, so
 * the snapshot of the built pages (check-built-pages.ts) changes when the build writes different
 * markup, not when the copy, the styles or the code inside a file change.
 */

/** Attributes whose value says what the element is; the rest show their name only. */
const KEPT_VALUES = new Set([
  "as",
  "charset",
  "crossorigin",
  "fetchpriority",
  "http-equiv",
  "id",
  "lang",
  "media",
  "name",
  "property",
  "rel",
  "role",
  "type",
]);

/**
 * Built files named by their contents' hash: the bundler's `name-<8>.ext` and the boot module's
 * `boot-<10>.js` (apps/web/build-steps/boot-module-loader.ts). The hash alphabet has `-`, so the
 * boot module's pattern goes first and the bundler's takes the shortest hash after the name.
 */
const HASHED_FILES = [
  /^(\/assets\/boot)-[\w-]{10}(\.js)$/,
  /^(\/assets\/.+)-[\w-]{8}(\.[a-z0-9]+)$/,
];

/** An asset path with its hash replaced by `[hash]`; undefined for anything else. */
export function assetPath(value: string): string | undefined {
  if (!value.startsWith("/assets/")) return undefined;
  for (const hashed of HASHED_FILES) {
    const match = hashed.exec(value);
    if (match) return `${match[1]}-[hash]${match[2]}`;
  }
  return value;
}

function attributeText(name: string, value: string): string {
  const asset = assetPath(value);
  if (asset !== undefined) return `${name}=${JSON.stringify(asset)}`;
  return KEPT_VALUES.has(name) ? `${name}=${JSON.stringify(value)}` : name;
}

/** Comments React and the build write are short markers (`$`, `/$`, ` `): shown as written. */
const SHOWN_COMMENT_LENGTH = 40;

/** Elements whose text is code: shown as one marker, `{inline}`, when they have any. */
const CODE_ELEMENTS = new Set(["script", "style"]);

/**
 * The element whose children the build orders by their files' sizes (the boot loader's
 * template): its lines are sorted, since any change to the code may swap two of them.
 */
const SIZE_ORDERED = "template data-app-modules";

interface Open {
  line: number;
  text: string;
  children: string[][];
}

/** The page's structure, one line per element or comment. */
export function pageStructure(html: string): string[] {
  const root: Open = { line: -1, text: "", children: [] };
  const open: Open[] = [root];
  const current = () => open.at(-1) ?? root;
  const emit = (text: string) =>
    current().children.push([`${"  ".repeat(open.length - 1)}${text}`]);
  const parser = new Parser({
    onprocessinginstruction(_name, data) {
      emit(`<${data.toLowerCase()}>`);
    },
    onopentag(name, attributes) {
      const names = Object.keys(attributes).sort();
      const text = [name, ...names.map((n) => attributeText(n, attributes[n] ?? ""))].join(" ");
      emit(text);
      const siblings = current().children;
      open.push({ line: siblings.length - 1, text, children: [] });
    },
    ontext(text) {
      const element = current();
      const name = element.text.split(" ")[0] ?? "";
      if (CODE_ELEMENTS.has(name) && text.length > 0 && !element.text.endsWith("{inline}")) {
        element.text += " {inline}";
      }
    },
    onclosetag() {
      const element = open.pop();
      if (!element) return;
      const parent = current();
      const children =
        element.text === SIZE_ORDERED
          ? [...element.children].sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""))
          : element.children;
      parent.children[element.line] = [
        `${"  ".repeat(open.length - 1)}${element.text}`,
        ...children.flat(),
      ];
    },
    oncomment(text) {
      emit(
        text.length <= SHOWN_COMMENT_LENGTH ? `<!--${text}-->` : `<!--(${text.length} chars)-->`,
      );
    },
  });
  parser.end(html);
  return root.children.flat();
}

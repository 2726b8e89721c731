import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import {
  formatFromFileName,
  PageSourceError,
  placeholdersFromConfig,
  renderPageSource,
} from "@bakery/content/render-page";
import { sitePathForPage } from "@bakery/shared/content-page-address";
import { cliActor } from "../../activity/record-activity.ts";
import {
  type ContentPageInput,
  findContentPage,
  listContentPages,
} from "../../content-pages/content-page-queries.ts";
import {
  deleteContentPage,
  renameContentPage,
  saveContentPage,
  WHATEVER_IS_THERE,
} from "../../content-pages/edit-content-page.ts";
import { ApiProblem } from "../../http/errors.ts";
import { NO_PRECONDITIONS } from "../../http/preconditions.ts";
import { CommandError, UsageError } from "../cli-errors.ts";
import { type Command, formatTime, listCommand } from "../command.ts";
import { slugArg, textArg } from "../validate-input.ts";

const MAX_SOURCE_BYTES = 1024 * 1024;

async function readPageSource(file: string): Promise<string> {
  const resolved = path.resolve(file);
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(resolved);
  } catch {
    throw new UsageError(`cannot read "${file}": no such file`);
  }
  if (!info.isFile()) throw new UsageError(`"${file}" is not a file`);
  if (info.size > MAX_SOURCE_BYTES) throw new UsageError(`"${file}" is larger than 1 MiB`);
  return readFile(resolved, "utf8");
}

/** The page editor's refusal `status`: the CLI says it in its own words. */
const isProblem = (error: unknown, status: number) =>
  error instanceof ApiProblem && error.status === status;

export const pageCommands: Command[] = [
  {
    group: "pages",
    name: "put",
    summary: "Create or replace a page from a Markdown or HTML file.",
    args: ["handle", "file"],
    writes: true,
    options: {
      title: { type: "string", description: "page title (required)", placeholder: "text" },
      subtitle: { type: "string", description: "line shown under the title", placeholder: "text" },
    },
    details: [
      "Markdown (.md) is rendered, then the HTML is sanitized with a strict allow-list",
      "(headings, paragraphs, lists, links, emphasis, tables, code); scripts, styles,",
      "images and event handlers are dropped. {{COMPANY_NAME}}, {{COMPANY_ADDRESS}},",
      "{{CONTACT_EMAIL}}, {{PRODUCT_NAME}} and {{SITE_URL}} are filled from the configuration.",
      "The file is kept as written, so the page editor in the browser opens it; the change is",
      'kept in the page\'s history and the activity log as "CLI on <this host>".',
      "",
      "Example: npx rise-admin pages put privacy-policy packages/content/pages/privacy-policy.md --title 'Privacy Policy'",
    ].join("\n"),
    async prepare({ args, options }, config) {
      const handle = slugArg("handle", args.handle ?? "");
      if (typeof options.title !== "string") throw new UsageError("--title is required");
      const title = textArg("--title", options.title, 200);
      const subtitle =
        typeof options.subtitle === "string" ? textArg("--subtitle", options.subtitle, 300) : "";
      const file = args.file ?? "";
      let page: ContentPageInput;
      try {
        const format = formatFromFileName(file);
        const source = await readPageSource(file);
        const html = renderPageSource(source, format, placeholdersFromConfig(config));
        page = { handle, title, subtitle, format, source, html };
      } catch (error) {
        if (error instanceof PageSourceError) throw new UsageError(`${file}: ${error.message}`);
        throw error;
      }
      const { html } = page;
      return async (db, out) => {
        await saveContentPage(db, cliActor(), page, WHATEVER_IS_THERE);
        out(
          `Saved page "${handle}" (${html.length} characters of HTML), shown at ${sitePathForPage(handle)}`,
        );
      };
    },
  },
  {
    group: "pages",
    name: "move",
    summary: "Rename a page; the old handle answers 301 with the new page's address.",
    args: ["handle", "new-handle"],
    writes: true,
    async prepare({ args }) {
      const from = slugArg("handle", args.handle ?? "");
      const to = slugArg("new-handle", args["new-handle"] ?? "");
      if (from === to) throw new UsageError("the new handle is the same as the old one");
      return async (db, out) => {
        try {
          await renameContentPage(db, cliActor(), { from, to }, NO_PRECONDITIONS);
        } catch (error) {
          if (isProblem(error, 404)) throw new CommandError(`no page "${from}"`);
          if (isProblem(error, 409)) {
            throw new CommandError(`a page "${to}" already exists; remove it first`);
          }
          throw error;
        }
        out(
          `Moved page "${from}" to "${to}"; ${sitePathForPage(from)} now points to ${sitePathForPage(to)}`,
        );
      };
    },
  },
  listCommand({
    group: "pages",
    summary: "List pages and renamed handles.",
    read: listContentPages,
    none: "No pages.",
    columns: ["HANDLE", "TITLE", "UPDATED"],
    cells: (page) => [
      page.handle,
      page.renamedTo === null ? page.title : `→ renamed to ${page.renamedTo}`,
      formatTime(page.updatedAt),
    ],
  }),
  {
    group: "pages",
    name: "show",
    summary: "Print a page's title, subtitle and stored HTML.",
    args: ["handle"],
    options: {
      source: {
        type: "boolean",
        description: "print the page as written (Markdown or HTML, placeholders kept) instead",
      },
    },
    async prepare({ args, options }) {
      const handle = slugArg("handle", args.handle ?? "");
      return async (db, out) => {
        const page = await findContentPage(db, handle);
        if (!page) throw new CommandError(`no page "${handle}"`);
        if (page.renamedTo !== null) return out(`"${handle}" was renamed to "${page.renamedTo}"`);
        out(`Handle:   ${page.handle}  (${sitePathForPage(page.handle)})`);
        out(`Title:    ${page.title}`);
        out(`Subtitle: ${page.subtitle || "-"}`);
        out(`Format:   ${page.format}`);
        out(`Updated:  ${formatTime(page.updatedAt)}`);
        out("");
        out(options.source === true ? page.source : page.html);
      };
    },
  },
  {
    group: "pages",
    name: "rm",
    summary: "Delete a page (and the old handles that pointed to it).",
    args: ["handle"],
    writes: true,
    confirm: (args) => `Delete the page "${args.handle}"?`,
    async prepare({ args }) {
      const handle = slugArg("handle", args.handle ?? "");
      return async (db, out) => {
        try {
          await deleteContentPage(db, cliActor(), handle, NO_PRECONDITIONS);
        } catch (error) {
          if (isProblem(error, 404)) throw new CommandError(`no page "${handle}"`);
          throw error;
        }
        out(`Deleted page "${handle}"`);
      };
    },
  },
];

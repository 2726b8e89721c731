import { sitePathForLink } from "@bakery/shared/api-contract";
import type { RedirectTargetPolicy } from "@bakery/shared/redirect-target";
import { cliActor, recordActivity } from "../../activity/record-activity.ts";
import type { Database } from "../../db/open-database.ts";
import { ApiProblem } from "../../http/errors.ts";
import { campaignColumns, prepareLinkTarget } from "../../short-links/prepare-link-target.ts";
import { prepareLinkWrite } from "../../short-links/prepare-link-write.ts";
import {
  findShortLink,
  LinkMoveError,
  linkKey,
  listShortLinks,
  moveShortLink,
  putShortLink,
  removeShortLink,
  type ShortLinkInput,
  type ShortLinkRow,
} from "../../short-links/short-link-queries.ts";
import { shortLinkRecord } from "../../short-links/short-link-record.ts";
import { CommandError, UsageError } from "../cli-errors.ts";
import { type Command, formatTime, listCommand } from "../command.ts";
import { slugArg } from "../validate-input.ts";

const optionalString = (value: string | boolean | undefined) =>
  typeof value === "string" ? value : undefined;

/** A link as the activity log keeps it; a moved link's tombstone is no link (null). */
const recordOf = (row: ShortLinkRow | undefined) =>
  row?.movedTo === null ? shortLinkRecord(row) : null;

/**
 * The CLI's writes go in the activity log like the browser's (as "CLI on <host>"), each in one
 * transaction with its entry: a write that fails leaves none.
 */
async function putLinkRecorded(db: Database, link: ShortLinkInput) {
  return db.transaction(async (tx) => {
    const { outcome, before, after } = await putShortLink(tx, link);
    const was = recordOf(before);
    await recordActivity(tx, cliActor(), {
      kind: was ? "link.updated" : "link.created",
      subject: linkKey(link.cat, link.id),
      before: was,
      after: recordOf(after),
    });
    return outcome;
  });
}

async function moveLinkRecorded(db: Database, from: ShortLinkAddress, to: ShortLinkAddress) {
  await db.transaction(async (tx) => {
    const before = recordOf(await findShortLink(tx, from.cat, from.id));
    await moveShortLink(tx, from, to);
    await recordActivity(tx, cliActor(), {
      kind: "link.moved",
      subject: linkKey(from.cat, from.id),
      before,
      after: recordOf(await findShortLink(tx, to.cat, to.id)),
    });
  });
}

/** Says whether there was a link (or a moved link's old address) to remove. */
async function removeLinkRecorded(db: Database, link: ShortLinkAddress): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = recordOf(await findShortLink(tx, link.cat, link.id));
    if (!(await removeShortLink(tx, link.cat, link.id))) return false;
    await recordActivity(tx, cliActor(), {
      kind: "link.deleted",
      subject: linkKey(link.cat, link.id),
      before,
      after: null,
    });
    return true;
  });
}

interface ShortLinkAddress {
  cat: string;
  id: string;
}

/** The browser editor's names of the fields, as the CLI's options. */
const optionNames: Array<[RegExp, string]> = [
  [/\bexpiresAt\b/g, "--expires"],
  [/\bfallback\b/g, "--fallback"],
  [/^destination:/, "target:"],
];

/**
 * --expires and --fallback, checked by the browser editor's own rules (prepareLinkWrite, with
 * the target as its destination), so the two can't disagree: a date and time with its offset,
 * and a fallback checked like a target, only with an expiry.
 */
function linkEnding(
  address: ShortLinkAddress,
  target: string,
  options: Record<string, string | boolean | undefined>,
  policy: RedirectTargetPolicy,
): { expiresAt: Date | null; fallback: string | null } {
  const body = {
    destination: target,
    expiresAt: optionalString(options.expires),
    fallback: optionalString(options.fallback),
  };
  try {
    const { expiresAt, fallback } = prepareLinkWrite(address, body, policy);
    return { expiresAt: expiresAt ?? null, fallback: fallback ?? null };
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error;
    const words = optionNames.reduce(
      (message, [name, option]) => message.replace(name, option),
      error.message,
    );
    throw new UsageError(words);
  }
}

/** How the CLI says when a link ends, and what it does then. */
function endingText(ending: { expiresAt: Date | null; fallback: string | null }): string {
  if (!ending.expiresAt) return "";
  const then = ending.fallback ? `then → ${ending.fallback}` : "then says it has ended";
  return `, until ${formatTime(ending.expiresAt)}, ${then}`;
}

export const linkCommands: Command[] = [
  {
    group: "links",
    name: "put",
    summary: "Create or replace the short link /to/<cat>/<id>.",
    args: ["cat", "id", "target"],
    writes: true,
    options: {
      "sign-in-required": { type: "boolean", description: "only signed-in visitors may follow it" },
      "utm-source": {
        type: "string",
        description: "utm_source for site targets",
        placeholder: "S",
      },
      "utm-medium": {
        type: "string",
        description: "utm_medium for site targets",
        placeholder: "M",
      },
      "utm-campaign": {
        type: "string",
        description: "utm_campaign for site targets",
        placeholder: "C",
      },
      "utm-content": {
        type: "string",
        description: "utm_content for site targets (tells apart links of one campaign)",
        placeholder: "C",
      },
      "utm-term": {
        type: "string",
        description: "utm_term for site targets (the paid keyword)",
        placeholder: "T",
      },
      expires: {
        type: "string",
        description: "when the link ends: a date and time with its offset",
        placeholder: "DATE-TIME",
      },
      fallback: {
        type: "string",
        description: "where the link goes once it has ended (needs --expires)",
        placeholder: "ADDRESS",
      },
    },
    details: [
      "The target must be a path on this site (/book-demo) or an http(s) URL whose host is",
      "the site's, MY_AREA_URL's, or listed in REDIRECT_ALLOWED_HOSTS, and not a short link",
      "(an address under /to/). It is checked again every time the link is followed.",
      "--expires is a date and time with its offset (2026-06-30T23:59:00+02:00). After it the",
      "link goes to --fallback (checked like the target), or without one says the link has",
      "ended (410). Replacing a link replaces all of it: what is not given this time (an",
      "expiry, a fallback, a campaign field) is cleared. These are the browser editor's rules.",
      'The change is recorded in the activity log as "CLI on <this host>".',
      "",
      "Example: npx rise-admin links put promo spring /book-demo --utm-source sms --utm-medium text --utm-campaign spring",
      "Example: npx rise-admin links put promo flyer /book-demo --utm-source flyer --utm-medium print --utm-campaign spring --expires 2026-06-30T23:59:00+02:00 --fallback /pricing",
    ].join("\n"),
    async prepare({ args, options }, config) {
      const cat = slugArg("cat", args.cat ?? "");
      const id = slugArg("id", args.id ?? "");
      const utm = {
        source: optionalString(options["utm-source"]),
        medium: optionalString(options["utm-medium"]),
        campaign: optionalString(options["utm-campaign"]),
        content: optionalString(options["utm-content"]),
        term: optionalString(options["utm-term"]),
      };
      const policy = { siteOrigin: config.siteOrigin, allowedHosts: config.redirectAllowedHosts };
      const prepared = prepareLinkTarget(args.target ?? "", utm, policy);
      if (!prepared.ok) throw new UsageError(`target refused: ${prepared.reason}`);
      const ending = linkEnding({ cat, id }, args.target ?? "", options, policy);
      const signInRequired = options["sign-in-required"] === true;
      return async (db, out) => {
        const outcome = await putLinkRecorded(db, {
          cat,
          id,
          target: prepared.target,
          signInRequired,
          ...campaignColumns(utm),
          ...ending,
        });
        const link = `${config.siteOrigin}${sitePathForLink(cat, id)}`;
        out(
          `${outcome === "created" ? "Created" : "Replaced"} ${link} → ${prepared.target}${signInRequired ? " (sign-in required)" : ""}${endingText(ending)}`,
        );
      };
    },
  },
  {
    group: "links",
    name: "move",
    summary: "Move a link; the old address answers 301 with the new one.",
    args: ["cat", "id", "new-cat", "new-id"],
    writes: true,
    async prepare({ args }) {
      const from = { cat: slugArg("cat", args.cat ?? ""), id: slugArg("id", args.id ?? "") };
      const to = {
        cat: slugArg("new-cat", args["new-cat"] ?? ""),
        id: slugArg("new-id", args["new-id"] ?? ""),
      };
      return async (db, out) => {
        try {
          await moveLinkRecorded(db, from, to);
        } catch (error) {
          if (error instanceof LinkMoveError) throw new CommandError(error.message);
          throw error;
        }
        out(`Moved ${sitePathForLink(from.cat, from.id)} to ${sitePathForLink(to.cat, to.id)}`);
      };
    },
  },
  listCommand({
    group: "links",
    summary: "List short links with their click counts.",
    read: listShortLinks,
    none: "No links.",
    columns: ["LINK", "TARGET", "SIGN-IN", "CLICKS", "LAST CLICK"],
    cells: (link) => [
      `${link.cat}/${link.id}`,
      link.movedTo === null ? link.target : `→ moved to ${link.movedTo}`,
      link.signInRequired ? "yes" : "no",
      String(link.clicks),
      formatTime(link.lastClickAt),
    ],
  }),
  {
    group: "links",
    name: "rm",
    summary: "Delete a short link (and old addresses that pointed to it).",
    args: ["cat", "id"],
    writes: true,
    confirm: (args) => `Delete the short link ${sitePathForLink(args.cat ?? "", args.id ?? "")}?`,
    async prepare({ args }) {
      const cat = slugArg("cat", args.cat ?? "");
      const id = slugArg("id", args.id ?? "");
      return async (db, out) => {
        if (!(await removeLinkRecorded(db, { cat, id }))) {
          throw new CommandError(`no link "${cat}/${id}"`);
        }
        out(`Deleted ${sitePathForLink(cat, id)}`);
      };
    },
  },
];

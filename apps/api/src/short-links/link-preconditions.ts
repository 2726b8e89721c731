import { checkPreconditions as checkWritePreconditions } from "../activity/write-preconditions.ts";
import type { Database } from "../db/open-database.ts";
import type { Preconditions } from "../http/preconditions.ts";
import type { ShortLinkRow } from "./short-link-queries.ts";

/**
 * Refuses (412) a write whose conditions the live link `current` (undefined: none) doesn't meet,
 * naming who changed it last and when (activity/write-preconditions.ts).
 */
export function checkPreconditions(
  db: Database,
  key: string,
  current: ShortLinkRow | undefined,
  given: Preconditions,
): Promise<void> {
  return checkWritePreconditions(
    db,
    { noun: "link", key, current, describe: (link) => `, leading to ${link.target}` },
    given,
  );
}

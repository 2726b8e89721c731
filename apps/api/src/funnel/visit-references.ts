import { eq } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { visitReferences } from "../db/schema.ts";

/** The exact names a visit came with, as its landing counted them ("" where there was none). */
export interface VisitNames {
  source: string;
  medium: string;
  campaign: string;
}

/**
 * Keeps a visit's reference with the names its landing was counted under. The first report of a
 * reference wins: a second landing naming the same reference (a replay) changes nothing.
 */
export async function saveVisitReference(
  db: Database,
  ref: string,
  names: VisitNames,
): Promise<void> {
  await db
    .insert(visitReferences)
    .values({ ref, ...names })
    .onConflictDoNothing();
}

/** The names kept for `ref`, or undefined when no landing reported it (or it has been pruned). */
export async function findVisitReference(
  db: Database,
  ref: string | undefined,
): Promise<VisitNames | undefined> {
  if (!ref) return undefined;
  const [row] = await db
    .select({
      source: visitReferences.source,
      medium: visitReferences.medium,
      campaign: visitReferences.campaign,
    })
    .from(visitReferences)
    .where(eq(visitReferences.ref, ref))
    .limit(1);
  return row;
}

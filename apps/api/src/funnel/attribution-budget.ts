import { and, count, eq, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/open-database.ts";
import { attributionNames } from "../db/schema.ts";
import type { VisitNames } from "./visit-references.ts";

/**
 * The name landings are counted under when their own came after the day's budget of new names
 * ran out (decision 0023). It holds a control character, which cleanAttributionValue removes
 * from every name a landing may carry, so no real source, medium or campaign equals it.
 */
export const OTHER_NAME = "\u001fother";

export const attributionDimensions = ["source", "medium", "campaign"] as const;
export type AttributionDimension = (typeof attributionDimensions)[number];

export interface NewNameBudget {
  /** New names each dimension may bring in one UTC day (ATTRIBUTION_NEW_NAMES_PER_DAY). */
  newNamesPerDay: number;
  logger: Logger;
}

/**
 * The names a landing of `day` is counted under: a name the landings already brought stays; a
 * new one is registered while its dimension has had fewer than `newNamesPerDay` new names that
 * day, and is otherwise replaced by OTHER_NAME, so anonymous landings can't add rows (and
 * report groups) without bound. "" (no name) always stays. Call it inside the landing's
 * transaction: a name is registered only if the landing is counted.
 *
 * Two landings bringing new names at the same instant may both see room for one more name, so
 * a day can end a few names over its budget (as many as run at once): a bound, not an exact
 * quota, which is what it is for.
 */
export async function namesWithinBudget(
  db: Database,
  names: VisitNames,
  day: string,
  { newNamesPerDay, logger }: NewNameBudget,
): Promise<VisitNames> {
  const named = attributionDimensions.filter((dimension) => names[dimension] !== "");
  if (named.length === 0) return names;
  const known = await db
    .select({ dimension: attributionNames.dimension })
    .from(attributionNames)
    .where(
      or(
        ...named.map((dimension) =>
          and(
            eq(attributionNames.dimension, dimension),
            eq(attributionNames.name, names[dimension]),
          ),
        ),
      ),
    );
  const counted = { ...names };
  for (const dimension of named) {
    if (known.some((row) => row.dimension === dimension)) continue;
    if (await registerNewName(db, dimension, names[dimension], day, newNamesPerDay)) continue;
    counted[dimension] = OTHER_NAME;
    logFirstOverrun(logger, dimension, day, newNamesPerDay);
  }
  return counted;
}

/**
 * Registers `name` as first seen on `day` if its dimension has room left that day; true when it
 * is (now) registered. A name another landing registered meanwhile counts as registered.
 */
async function registerNewName(
  db: Database,
  dimension: AttributionDimension,
  name: string,
  day: string,
  newNamesPerDay: number,
): Promise<boolean> {
  const newToday = db
    .select({ names: count() })
    .from(attributionNames)
    .where(and(eq(attributionNames.dimension, dimension), eq(attributionNames.firstDay, day)));
  const registered = await db
    .insert(attributionNames)
    .select(sql`select ${dimension}, ${name}, ${day}::date where (${newToday}) < ${newNamesPerDay}`)
    .onConflictDoUpdate({
      target: [attributionNames.dimension, attributionNames.name],
      // Changes nothing; it only makes the row come back from `returning`.
      set: { firstDay: sql`${attributionNames.firstDay}` },
    })
    .returning({ name: attributionNames.name });
  return registered.length > 0;
}

/**
 * Which dimensions each logger (one per server instance) has said ran out of new names today.
 * In memory rather than in the database: a flood past the budget then costs no write per
 * landing, and a restart saying it once more is harmless.
 */
const overrunsLogged = new WeakMap<Logger, { day: string; dimensions: Set<string> }>();

function logFirstOverrun(
  logger: Logger,
  dimension: AttributionDimension,
  day: string,
  newNamesPerDay: number,
): void {
  let logged = overrunsLogged.get(logger);
  if (logged?.day !== day) {
    logged = { day, dimensions: new Set() };
    overrunsLogged.set(logger, logged);
  }
  if (logged.dimensions.has(dimension)) return;
  logged.dimensions.add(dimension);
  logger.warn(
    { dimension, day, newNamesPerDay },
    `landings brought more than ${newNamesPerDay} new ${dimension} names today: the rest of today's new ones are counted under "Other"`,
  );
}

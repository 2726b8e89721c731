import type { Team, TeamMember } from "@bakery/shared/admin-team-contract";
import { and, desc, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/open-database.ts";
import { activityEntries } from "../db/schema.ts";
import { findProfileByUid, listOperators, type ProfileRow } from "../profiles/profile-queries.ts";

/**
 * When each of `uids` was given the operator role, as far as the activity log knows: the
 * instant of its newest "operator.*" entry when that entry gave the role. A newest entry that
 * took it away means the role came back some way the log didn't see (before the log began,
 * or by hand in the database): then the log doesn't know, rather than naming an older grant.
 */
async function grantedSince(db: Database, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  // Both kinds record the account as `after` (TeamRecord), role given or taken.
  const uid = sql<string>`${activityEntries.after} ->> 'uid'`;
  const newest = await db
    .selectDistinctOn([uid], { uid, kind: activityEntries.kind, at: activityEntries.at })
    .from(activityEntries)
    .where(
      and(
        inArray(activityEntries.kind, ["operator.granted", "operator.revoked"]),
        inArray(uid, uids),
      ),
    )
    .orderBy(uid, desc(activityEntries.id));
  return new Map(
    newest
      .filter((entry) => entry.kind === "operator.granted")
      .map((entry) => [entry.uid, entry.at.toISOString()]),
  );
}

const memberOf = (profile: ProfileRow, since: Map<string, string>): TeamMember => ({
  uid: profile.uid,
  email: profile.email,
  since: since.get(profile.uid) ?? null,
});

/** The operators, by e-mail, each with when the role was given. */
export async function listTeam(db: Database): Promise<Team> {
  const operators = await listOperators(db);
  const since = await grantedSince(
    db,
    operators.map((profile) => profile.uid),
  );
  return { operators: operators.map((profile) => memberOf(profile, since)) };
}

/** The operator `uid` as the team list shows them; undefined when they are not one. */
export async function findTeamMember(db: Database, uid: string): Promise<TeamMember | undefined> {
  const profile = await findProfileByUid(db, uid);
  if (profile?.role !== "operator") return undefined;
  return memberOf(profile, await grantedSince(db, [uid]));
}

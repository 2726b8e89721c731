import type { ProfileStatus, UserRole } from "@bakery/shared/api-contract";
import { asc, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/open-database.ts";
import { profiles } from "../db/schema.ts";

export type ProfileRow = typeof profiles.$inferSelect;

/**
 * The profile of a signed-in user, created as "pending" the first time the uid is seen.
 * INSERT … ON CONFLICT DO NOTHING then SELECT is race-safe: two first requests at once
 * both end up reading the single row that won.
 */
export async function ensureProfile(
  db: Database,
  uid: string,
  email: string | null,
): Promise<ProfileRow> {
  await db.insert(profiles).values({ uid, email, status: "pending" }).onConflictDoNothing();
  const [row] = await db.select().from(profiles).where(eq(profiles.uid, uid));
  if (!row) throw new Error(`profile ${uid} vanished right after it was ensured`);
  return row;
}

export async function findProfileByUid(db: Database, uid: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.uid, uid));
  return row;
}

export async function findProfilesByEmail(db: Database, email: string): Promise<ProfileRow[]> {
  return db
    .select()
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, email.toLowerCase()));
}

export async function listProfiles(db: Database): Promise<ProfileRow[]> {
  return db.select().from(profiles).orderBy(asc(profiles.email), asc(profiles.uid));
}

/**
 * Sets a user's status and/or role (a role of null takes it away), creating the profile
 * ("pending", no role) if the user has not signed in yet.
 */
export async function upsertProfile(
  db: Database,
  profile: { uid: string; email: string | null; status?: ProfileStatus; role?: UserRole | null },
): Promise<void> {
  const { uid, email, ...changes } = profile;
  await db
    .insert(profiles)
    .values(profile)
    .onConflictDoUpdate({
      target: profiles.uid,
      set: { ...changes, ...(email ? { email } : {}), updatedAt: sql`now()` },
    });
}

/**
 * Gives the profile of `uid` a role, or takes it away (null). Only an existing profile: a
 * role is for someone who has signed in. Says whether there was one.
 */
export async function setProfileRole(
  db: Database,
  uid: string,
  role: UserRole | null,
): Promise<boolean> {
  const updated = await db
    .update(profiles)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(profiles.uid, uid))
    .returning({ uid: profiles.uid });
  return updated.length > 0;
}

/** The profiles with the operator role, by e-mail. */
export async function listOperators(db: Database): Promise<ProfileRow[]> {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.role, "operator"))
    .orderBy(asc(profiles.email), asc(profiles.uid));
}

/**
 * The operators' uids, their rows locked until `tx` ends, so changes of the team take turns:
 * one that waited sees the operators as the one before it left them. Always in uid order, so
 * two changes never each hold a row the other waits for.
 */
export async function lockOperators(tx: Transaction): Promise<string[]> {
  const rows = await tx
    .select({ uid: profiles.uid })
    .from(profiles)
    .where(eq(profiles.role, "operator"))
    .orderBy(asc(profiles.uid))
    .for("update");
  return rows.map((row) => row.uid);
}

/** The profile of `uid`, locked until `tx` ends. */
export async function lockProfile(tx: Transaction, uid: string): Promise<ProfileRow | undefined> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.uid, uid)).for("update");
  return row;
}

/**
 * Gives `uid` a role (null takes it away), making its profile ("pending", like a first
 * sign-in's) with `email` if it has none; an existing profile keeps its e-mail and status.
 */
export async function putProfileRole(
  db: Database,
  account: { uid: string; email: string | null },
  role: UserRole | null,
): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values({ uid: account.uid, email: account.email, status: "pending", role })
    .onConflictDoUpdate({ target: profiles.uid, set: { role, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error(`profile ${account.uid} was not written`);
  return row;
}

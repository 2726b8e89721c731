import type { UserRole } from "@bakery/shared/api-contract";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth, type UserRecord } from "firebase-admin/auth";

export class UnknownUserError extends Error {}

/**
 * Sets (or, with null, removes) the `role` custom claim of the Firebase user `who` (an
 * email or a uid), keeping their other claims, and says who it was. The dashboard page
 * reads the claim from the ID token; the claim reaches the browser with the user's next
 * token (at the latest an hour later, or at once after signing in again).
 * `emulatorHost` set: the Auth emulator (local mode); unset: the real project, with the
 * machine's Google credentials.
 */
export async function setRoleClaim(
  options: { projectId: string; emulatorHost: string | undefined },
  who: string,
  role: UserRole | null,
): Promise<{ uid: string; email: string | null }> {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const app = initializeApp({ projectId: options.projectId }, `set-role-${Date.now()}`);
  try {
    const auth = getAuth(app);
    let user: UserRecord;
    try {
      user = who.includes("@") ? await auth.getUserByEmail(who) : await auth.getUser(who);
    } catch (error) {
      if ((error as { code?: string }).code === "auth/user-not-found") {
        throw new UnknownUserError(`no account ${who} in Firebase project ${options.projectId}`);
      }
      throw error;
    }
    const { role: _previous, ...otherClaims } = user.customClaims ?? {};
    await auth.setCustomUserClaims(user.uid, role ? { ...otherClaims, role } : otherClaims);
    return { uid: user.uid, email: user.email ?? null };
  } finally {
    await deleteApp(app);
  }
}

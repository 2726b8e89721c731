import { deleteApp } from "firebase-admin/app";
import { getAuth, type UserRecord } from "firebase-admin/auth";
import { firebaseApp } from "../auth/verify-id-token.ts";
import type { ServerConfig } from "../config.ts";
import { CommandError } from "./cli-errors.ts";

/** What the identity service says of an account: who it is and whether its address is proven. */
export interface IdentityAccount {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** How it signs in: "password", "google.com", … */
  providers: string[];
}

type IdentityConfig = Pick<
  ServerConfig,
  "mode" | "FIREBASE_PROJECT_ID" | "FIREBASE_AUTH_EMULATOR_HOST"
>;

/** The identity service as the operator knows it, and what it takes to reach it. */
function describeService(config: IdentityConfig): { name: string; hint: string } {
  if (config.mode === "local") {
    return {
      name: `the Auth emulator at ${config.FIREBASE_AUTH_EMULATOR_HOST}`,
      hint: "Is the local server running (npm start starts the emulator)?",
    };
  }
  return {
    name: `Firebase Authentication (project ${config.FIREBASE_PROJECT_ID})`,
    hint: "The CLI needs Google credentials for it: GOOGLE_APPLICATION_CREDENTIALS naming a service account key allowed to read users (Firebase Authentication Viewer), or `gcloud auth application-default login`.",
  };
}

const accountOf = (user: UserRecord): IdentityAccount => ({
  uid: user.uid,
  email: user.email ?? null,
  emailVerified: user.emailVerified,
  providers: user.providerData.map((provider) => provider.providerId),
});

const errorCode = (error: unknown) => (error as { code?: unknown })?.code;

/**
 * The account the identity service (Firebase Authentication; the Auth emulator in local mode)
 * holds for `who`: by e-mail address when it has an "@", otherwise by uid; null when there is
 * none. When the service can't be asked (unreachable, no credentials) this throws a
 * CommandError saying so: a role is never changed on the database's word alone.
 */
export async function findIdentityAccount(
  config: IdentityConfig,
  who: string,
): Promise<IdentityAccount | null> {
  // firebase-admin reads the emulator's address from the environment only.
  if (config.mode === "local") {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
  }
  const service = describeService(config);
  const app = firebaseApp(config.FIREBASE_PROJECT_ID);
  try {
    const auth = getAuth(app);
    return accountOf(await (who.includes("@") ? auth.getUserByEmail(who) : auth.getUser(who)));
  } catch (error) {
    const code = errorCode(error);
    if (code === "auth/user-not-found") return null;
    if (code === "auth/invalid-email" || code === "auth/invalid-uid") {
      throw new CommandError(`${service.name} refused "${who}": ${(error as Error).message}`);
    }
    const reason =
      code === "app/network-error"
        ? `could not reach ${service.name}`
        : code === "app/invalid-credential"
          ? `could not sign in to ${service.name}`
          : `could not ask ${service.name}`;
    throw new CommandError(
      `${reason} to check the account, so nothing was changed (${(error as Error).message}). ${service.hint}`,
    );
  } finally {
    await deleteApp(app);
  }
}

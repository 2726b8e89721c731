import { deleteApp } from "firebase-admin/app";
import { type Auth, getAuth, type UserRecord } from "firebase-admin/auth";
import type { ServerConfig } from "../config.ts";
import { firebaseApp } from "./verify-id-token.ts";

/** What the identity service says of an account: who it is and whether its address is proven. */
export interface IdentityAccount {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  /** How it signs in: "password", "google.com", … */
  providers: string[];
}

/**
 * The identity service's accounts, as the team screen and `rise-admin users set-role` ask
 * for them: by e-mail address when `who` has an "@", otherwise by uid; null when there is none.
 * Rejects with IdentityLookupFailed when the service can't be asked.
 */
export interface IdentityAccounts {
  find(who: string): Promise<IdentityAccount | null>;
  /**
   * An invitation for `email`: makes its account (no password, not verified) when there is none,
   * and a link for its owner to choose their password, which also marks the address verified.
   * An account nobody can sign in to yet (no password, no Google: one an earlier invitation made
   * and whose link went unused) gets a new link; any other account gets none, and is answered
   * as found. Same rejections as `find`.
   */
  invite(email: string): Promise<Invitation>;
}

export type Invitation =
  | { outcome: "invited"; account: IdentityAccount; link: string }
  | { outcome: "has-account"; account: IdentityAccount };

/**
 * Whether an account has a way to sign in. One without (made by an invitation, its link unused)
 * is nobody's yet, so a link to choose its password takes nothing from anyone.
 */
export const canSignIn = (account: IdentityAccount) => account.providers.length > 0;

export type IdentityConfig = Pick<
  ServerConfig,
  "mode" | "FIREBASE_PROJECT_ID" | "FIREBASE_AUTH_EMULATOR_HOST"
>;

/**
 * The identity service could not answer: it refused the question (`refused`: not an address
 * or uid it takes), could not be reached, would not let us in (`credentials`), or failed.
 * A role is never changed on the database's word alone, so callers change nothing.
 */
export class IdentityLookupFailed extends Error {
  readonly problem: "refused" | "unreachable" | "credentials" | "failed";
  /** The service as an operator knows it: "the Auth emulator at 127.0.0.1:9099", … */
  readonly service: string;
  constructor(
    problem: IdentityLookupFailed["problem"],
    service: string,
    options: { cause: unknown },
  ) {
    super((options.cause as Error)?.message ?? String(options.cause), options);
    this.name = "IdentityLookupFailed";
    this.problem = problem;
    this.service = service;
  }
}

/**
 * How the owner of an address proves it is theirs. A password reset does both: the link goes
 * to the address, and the new password shuts out whoever signed up with it first (the reset
 * also marks the address verified).
 */
export const HOW_TO_VERIFY_AN_ADDRESS =
  'its owner uses "Forgot password?" on the sign-in page with that address and follows the link e-mailed to it (which also shuts out anyone who chose the old password), or signs in with Google if it is a Google address';

export function identityServiceName(config: IdentityConfig): string {
  return config.mode === "local"
    ? `the Auth emulator at ${config.FIREBASE_AUTH_EMULATOR_HOST}`
    : `Firebase Authentication (project ${config.FIREBASE_PROJECT_ID})`;
}

const accountOf = (user: UserRecord): IdentityAccount => ({
  uid: user.uid,
  email: user.email ?? null,
  emailVerified: user.emailVerified,
  providers: user.providerData.map((provider) => provider.providerId),
});

const errorCode = (error: unknown) => (error as { code?: unknown })?.code;

function problemOf(error: unknown): IdentityLookupFailed["problem"] {
  const code = errorCode(error);
  if (code === "auth/invalid-email" || code === "auth/invalid-uid") return "refused";
  if (code === "app/network-error") return "unreachable";
  if (code === "app/invalid-credential") return "credentials";
  return "failed";
}

/**
 * The accounts of Firebase Authentication (the Auth emulator in local mode). Each call has a
 * firebase-admin app of its own, deleted after it: calls are rare (a change of the team), and
 * nothing is left open for the server or the CLI to close.
 */
export function identityAccounts(config: IdentityConfig): IdentityAccounts {
  const service = identityServiceName(config);
  /** Runs `ask` with an app of its own; the service's failures become IdentityLookupFailed. */
  async function withAuth<T>(ask: (auth: Auth) => Promise<T>): Promise<T> {
    // firebase-admin reads the emulator's address from the environment only.
    if (config.mode === "local") {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = config.FIREBASE_AUTH_EMULATOR_HOST;
    }
    const app = firebaseApp(config.FIREBASE_PROJECT_ID);
    try {
      return await ask(getAuth(app));
    } catch (error) {
      throw new IdentityLookupFailed(problemOf(error), service, { cause: error });
    } finally {
      await deleteApp(app);
    }
  }
  return {
    find: (who) =>
      withAuth(async (auth) => {
        const user = await (who.includes("@") ? auth.getUserByEmail(who) : auth.getUser(who)).catch(
          (error: unknown) => {
            if (errorCode(error) === "auth/user-not-found") return null;
            throw error;
          },
        );
        return user && accountOf(user);
      }),
    invite: (email) =>
      withAuth(async (auth) => {
        const made = await auth.createUser({ email }).catch((error: unknown) => {
          if (errorCode(error) === "auth/email-already-exists") return null;
          throw error;
        });
        const account = accountOf(made ?? (await auth.getUserByEmail(email)));
        if (!made && canSignIn(account)) return { outcome: "has-account", account };
        const link = await auth.generatePasswordResetLink(account.email ?? email);
        return { outcome: "invited", account, link };
      }),
  };
}

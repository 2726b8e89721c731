import {
  type IdentityAccount,
  type IdentityConfig,
  IdentityLookupFailed,
  identityAccounts,
} from "../auth/identity-accounts.ts";
import { CommandError } from "./cli-errors.ts";

/** What it takes for the CLI to reach the identity service, said when it couldn't. */
function reachingHint(config: IdentityConfig): string {
  return config.mode === "local"
    ? "Is the local server running (npm start starts the emulator)?"
    : "The CLI needs Google credentials for it: GOOGLE_APPLICATION_CREDENTIALS naming a service account key allowed to read users (Firebase Authentication Viewer), or `gcloud auth application-default login`.";
}

const failureWords: Record<Exclude<IdentityLookupFailed["problem"], "refused">, string> = {
  unreachable: "could not reach",
  credentials: "could not sign in to",
  failed: "could not ask",
};

/**
 * The account the identity service holds for `who` (identityAccounts), for the CLI: when the
 * service can't be asked this throws a CommandError saying why and what to check.
 */
export async function findIdentityAccount(
  config: IdentityConfig,
  who: string,
): Promise<IdentityAccount | null> {
  try {
    return await identityAccounts(config).find(who);
  } catch (error) {
    if (!(error instanceof IdentityLookupFailed)) throw error;
    if (error.problem === "refused") {
      throw new CommandError(`${error.service} refused "${who}": ${error.message}`);
    }
    throw new CommandError(
      `${failureWords[error.problem]} ${error.service} to check the account, so nothing was changed (${error.message}). ${reachingHint(config)}`,
    );
  }
}

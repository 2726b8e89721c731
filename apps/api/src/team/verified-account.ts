import { NO_ACCOUNT } from "@bakery/shared/admin-team-contract";
import type { Logger } from "pino";
import {
  canSignIn,
  HOW_TO_VERIFY_AN_ADDRESS,
  type IdentityAccounts,
  IdentityLookupFailed,
} from "../auth/identity-accounts.ts";
import { ApiProblem, DATABASE_RETRY_AFTER_SECONDS, unprocessableContent } from "../http/errors.ts";
import type { TeamAccount } from "./change-operator-role.ts";

/**
 * The account the identity service holds for `email`, if that address is verified: the team
 * screen's rule, the CLI's too. Anyone can sign up with an address that isn't theirs, so an
 * unverified one is refused (422, saying how its owner verifies it), as is an address without
 * an account or with one nobody can sign in to yet (422 `no_account`, pointing to an
 * invitation: a first one, or a new link for one not used).
 */
export async function findVerifiedAccount(
  identity: IdentityAccounts,
  email: string,
  logger: Logger,
): Promise<TeamAccount> {
  const account = await askIdentity(email, logger, () => identity.find(email));
  if (!account) {
    throw new ApiProblem(
      422,
      NO_ACCOUNT,
      `There is no account with the address ${email} yet. Make an invitation link for them: with it they choose a password, and then you add them again.`,
    );
  }
  if (!account.emailVerified && !canSignIn(account)) {
    throw new ApiProblem(
      422,
      NO_ACCOUNT,
      `${email} was invited but has not chosen a password yet, so it can't be given the operator role. If the invitation link was lost or an hour has passed, make a new one: it works the same way.`,
    );
  }
  if (!account.emailVerified) {
    throw unprocessableContent(
      `${email} is not verified yet, so it can't be given the operator role: anyone can sign up with an address that isn't theirs. To verify it, ${HOW_TO_VERIFY_AN_ADDRESS}; then add them again.`,
    );
  }
  return { uid: account.uid, email: account.email ?? email };
}

/**
 * Asks the identity service about `email`. An address it refuses is a 422; when it can't be
 * asked, 503: nothing is changed on the database's word alone.
 */
export async function askIdentity<T>(email: string, logger: Logger, ask: () => Promise<T>) {
  try {
    return await ask();
  } catch (error) {
    if (!(error instanceof IdentityLookupFailed)) throw error;
    if (error.problem === "refused") {
      throw unprocessableContent(`email: ${email} is not an address the sign-in service takes`);
    }
    logger.warn({ err: error, service: error.service }, "identity service call failed");
    throw new ApiProblem(
      503,
      "service_unavailable",
      `The sign-in service could not be asked about ${email} just now, so nothing was changed. Try again in a moment.`,
      { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
}

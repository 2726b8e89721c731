import type { Logger } from "pino";
import {
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
 * an account. When the service can't be asked, 503: nothing is changed on the database's word.
 */
export async function findVerifiedAccount(
  identity: IdentityAccounts,
  email: string,
  logger: Logger,
): Promise<TeamAccount> {
  let account: Awaited<ReturnType<IdentityAccounts["find"]>>;
  try {
    account = await identity.find(email);
  } catch (error) {
    if (!(error instanceof IdentityLookupFailed)) throw error;
    if (error.problem === "refused") {
      throw unprocessableContent(`email: ${email} is not an address the sign-in service takes`);
    }
    logger.warn({ err: error, service: error.service }, "identity service lookup failed");
    throw new ApiProblem(
      503,
      "service_unavailable",
      `The sign-in service could not be asked about ${email} just now, so nothing was changed. Try again in a moment.`,
      { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
  if (!account) {
    throw unprocessableContent(
      `There is no account with the address ${email}, and this site makes none. If it is a Google address, your colleague signs in once with "Continue with Google" on the sign-in page; otherwise the sign-in service has to be given an account for it first. Then add them again.`,
    );
  }
  if (!account.emailVerified) {
    throw unprocessableContent(
      `${email} is not verified yet, so it can't be given the operator role: anyone can sign up with an address that isn't theirs. To verify it, ${HOW_TO_VERIFY_AN_ADDRESS}; then add them again.`,
    );
  }
  return { uid: account.uid, email: account.email ?? email };
}

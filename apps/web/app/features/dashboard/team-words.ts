import { type TeamMember, teamGrantSchema } from "@bakery/shared/admin-team-contract";

/**
 * What the team screen says: who a row is, since when, and what was done. Pure, so the words
 * are tested without a browser.
 */

/** Whether `member` is the person signed in, by the address they signed in with. */
export function isYou(member: TeamMember, yourEmail: string | null): boolean {
  return (
    member.email !== null &&
    yourEmail !== null &&
    member.email.toLowerCase() === yourEmail.toLowerCase()
  );
}

/** The row's name: the address, or the account's id for one without an address. */
export const memberName = (member: TeamMember) => member.email ?? `account ${member.uid}`;

const sinceFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

/** "Operator since 3 Mar 2026", or a word for a role given before the activity log began. */
export function sinceWords(since: string | null, format = sinceFormat): string {
  return since === null
    ? "Operator since before the activity log began"
    : `Operator since ${format.format(new Date(since))}`;
}

/**
 * What is wrong with a typed address, in words, checked as the API checks it; undefined when it
 * can be sent.
 */
export function emailProblem(typed: string): string | undefined {
  if (typed.trim() === "") return "Enter your colleague's e-mail address";
  const checked = teamGrantSchema.safeParse({ email: typed.trim() });
  if (checked.success) return undefined;
  const words = checked.error.issues[0]?.message ?? "must be an e-mail address";
  return `${words[0]?.toUpperCase() ?? ""}${words.slice(1)}`;
}

/**
 * The API's words about the address, without the field name they may start with ("email: …"),
 * and never capitalised: they often start with the address itself.
 */
export const refusalWords = (message: string) => message.replace(/^email: /, "");

/** Whether `email` has the role already (the API then answers with no change). */
export function alreadyOperator(operators: readonly TeamMember[], email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return operators.some((member) => member.email?.toLowerCase() === wanted);
}

/** Said once a colleague was added (or had the role already). */
export function addedWords(member: TeamMember, hadRole: boolean): string {
  const name = memberName(member);
  return hadRole
    ? `${name} is an operator already: nothing was changed.`
    : `${name} is now an operator: the back office opens for them at their next page load.`;
}

/** Said once someone else's role was taken away. */
export const removedWords = (member: TeamMember) =>
  `${memberName(member)} is no longer an operator: from now on they can't see or change anything here.`;

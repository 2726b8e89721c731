import { shortLinkWriteSchema } from "@bakery/shared/admin-links-contract";
import type { RedirectTargetPolicy } from "@bakery/shared/redirect-target";
import { unprocessableContent } from "../http/errors.ts";
import { parseOrUnprocessable } from "../http/validation.ts";
import { campaignColumns, prepareLinkTarget } from "./prepare-link-target.ts";
import type { ShortLinkInput } from "./short-link-queries.ts";

/**
 * The editor's body (PUT /admin/links/{cat}/{id}) as the link to store, checked exactly as
 * `rise-admin links put` checks its arguments (prepareLinkTarget, the one checker of both),
 * the fallback like the destination: 422 naming the field and what is wrong with it.
 */
export function prepareLinkWrite(
  address: { cat: string; id: string },
  body: unknown,
  policy: RedirectTargetPolicy,
): ShortLinkInput {
  const { destination, utm, expiresAt, fallback, signInRequired } = parseOrUnprocessable(
    shortLinkWriteSchema,
    body,
  );
  const campaign = {
    source: utm?.source,
    medium: utm?.medium,
    campaign: utm?.campaign,
    content: utm?.content ?? undefined,
    term: utm?.term ?? undefined,
  };
  const target = prepareLinkTarget(destination, campaign, policy);
  if (!target.ok) throw unprocessableContent(`destination: ${target.reason}`);
  const checkedFallback = fallback ? prepareLinkTarget(fallback, {}, policy) : undefined;
  if (checkedFallback && !checkedFallback.ok) {
    throw unprocessableContent(`fallback: ${checkedFallback.reason}`);
  }
  return {
    ...address,
    target: target.target,
    signInRequired,
    ...campaignColumns(campaign),
    expiresAt: expiresAt ? new Date(expiresAt) : null,
    fallback: checkedFallback?.target ?? null,
  };
}

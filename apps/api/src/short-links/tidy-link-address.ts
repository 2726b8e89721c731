import { sitePathForLink, slugSchema } from "@bakery/shared/api-contract";
import { withoutTrailingJunk } from "../http/without-trailing-junk.ts";

/**
 * The clean address of a link written with a trailing slash or with punctuation after its
 * id (`/to/promo/spring/`, `/to/promo/spring.`), or undefined when the address is already
 * clean or stripping leaves no valid slug (then it is answered as written). Nothing is
 * looked up: the clean address is answered as usual in its turn.
 */
export function tidyLinkAddress(
  cat: string,
  id: string,
  { trailingSlash }: { trailingSlash: boolean },
): string | undefined {
  const tidyId = withoutTrailingJunk(id);
  if (tidyId === id && !trailingSlash) return undefined;
  const isSlug = (value: string) => slugSchema.safeParse(value).success;
  if (!isSlug(cat) || !isSlug(tidyId)) return undefined;
  return sitePathForLink(cat.toLowerCase(), tidyId.toLowerCase());
}

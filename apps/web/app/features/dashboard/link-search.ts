/**
 * "Find a link": whether a short link is one the words typed describe. Each word must be in
 * its address (`/to/cat/id`) or where it goes, its campaign names read as written (a target's
 * `utm_campaign=spring%20sale` is found by "spring sale"). Case and accents don't count, so
 * "cafe" finds "Café".
 */
export function matchesLinkSearch(
  link: { cat: string; id: string; target: string },
  search: string,
): boolean {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = folded(`/to/${link.cat}/${link.id} ${link.target} ${readable(link.target)}`);
  return words.every((word) => text.includes(word));
}

/** Lower case without accents, so the search and the links compare as a reader would. */
const folded = (text: string) =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en");

/** The target with its query's escapes undone ("+" and "%20" as spaces); as it is if broken. */
function readable(target: string): string {
  try {
    return decodeURIComponent(target.replaceAll("+", " "));
  } catch {
    return target;
  }
}

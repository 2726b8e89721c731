/**
 * The customers' own area's home page (MY_AREA_URL's root). Apart from the sign-in rules
 * (features/auth/route-after-sign-in.ts, their own chunk): the top bar on every page links
 * to it too.
 */
export function myAreaHome(myAreaUrl: string): string {
  return `${myAreaUrl.replace(/\/+$/, "")}/`;
}

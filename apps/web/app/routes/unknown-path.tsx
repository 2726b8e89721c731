import { redirect } from "react-router";
import type { Route } from "./+types/unknown-path";

// Any path the site does not know goes to the landing page (spec §2), with its
// query: a mistyped campaign link keeps its attribution (utm_*).
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return redirect(`/${new URL(request.url).search}`);
}

export default function UnknownPath() {
  return null;
}

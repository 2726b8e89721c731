import { redirect } from "react-router";

// Any path the site does not know goes to the landing page (spec §2).
export function clientLoader() {
  return redirect("/");
}

export default function UnknownPath() {
  return null;
}

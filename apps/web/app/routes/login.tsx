import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAuth } from "#app/features/auth/auth-context.tsx";
import { SignInForm } from "#app/features/auth/sign-in-form.tsx";
import { SignedInStatus } from "#app/features/auth/signed-in-status.tsx";
import { identityServicePreconnects } from "#app/lib/identity-service-preconnect.ts";
import { canKeepSignIn } from "#app/lib/sign-in-memory.ts";
import { pageMeta } from "#app/seo/page-meta.ts";
import { siteConfig } from "#app/site-config.ts";

export const meta = () =>
  pageMeta({
    title: "Sign in",
    description: `Sign in to your ${siteConfig.PRODUCT_NAME} account: custom orders, online shop, baking plan and delivery.`,
    // Indexed: customers search for "<product> login" (docs/decisions/0010).
    canonicalPath: "/login",
  });

// A returning visitor's session is restored, and a sign-in sent, without first setting up a
// connection to the identity service.
export const links = () => identityServicePreconnects;

/**
 * Sign-in (spec §2, §4). Accepts `?target=`, the page to return to; where the
 * user goes after signing in is decided by the session (routeAfterSignIn).
 * The prerendered HTML holds the heading and the form; the identity SDK loads
 * once the page runs.
 */
export default function Login() {
  const { state, requestSession } = useAuth();
  const [hadUser, setHadUser] = useState(false);
  // Known only in the browser: the prerendered page assumes sign-in can be kept.
  const [signInKept, setSignInKept] = useState(true);
  useEffect(() => setSignInKept(canKeepSignIn()), []);
  // Sent here by a link behind sign-in: the page says why it asks (read after hydration, as
  // the prerendered page has no query).
  const [forLink, setForLink] = useState(false);
  useEffect(
    () =>
      setForLink(
        new URLSearchParams(window.location.search).get("target")?.startsWith("/to/") === true,
      ),
    [],
  );

  useEffect(() => {
    // A failure shows when the visitor uses the form, which retries the load.
    requestSession().catch((error: unknown) => console.error("Could not load sign-in", error));
  }, [requestSession]);

  useEffect(() => {
    if (state?.kind === "signed-in") setHadUser(true);
  }, [state]);

  return (
    <div className="bg-gradient-to-b from-brand-50 to-cream">
      <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12 md:py-20">
        <div className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-brand-900/5 sm:p-8">
          <h1 className="font-semibold text-3xl text-ink sm:text-4xl">Sign in</h1>
          {/* Room for two lines, whichever it says: the form below never moves. */}
          <p className="mt-2 min-h-12 text-cocoa">
            {forLink
              ? "This link is for customers. Sign in to open it."
              : "Welcome back. Sign in to your bakery's account."}
          </p>
          {signInKept ? null : (
            <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-3.5 text-amber-950 text-sm">
              Your browser is blocking this site's storage, so we can't keep you signed in: every
              new page would ask you to sign in again. Allow cookies and site data for this site,
              then sign in.
            </p>
          )}
          <div className="mt-7">
            {state?.kind === "signed-in" ? (
              <SignedInStatus email={state.email} account={state.account} />
            ) : (
              <SignInForm
                sessionEnded={state?.kind === "signed-out" && state.sessionEnded}
                focusOnMount={hadUser}
              />
            )}
          </div>
        </div>
        <p className="text-center text-cocoa text-sm">
          New to {siteConfig.PRODUCT_NAME}?{" "}
          <Link
            to="/book-demo"
            className="rounded font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            Book a Demo
          </Link>{" "}
          and we'll set your bakery up.
        </p>
      </div>
    </div>
  );
}

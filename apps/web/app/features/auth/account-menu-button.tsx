import { CircleUserRound } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useSignedInUser } from "./auth-context.tsx";

// Base UI's dialog is only needed after a tap on a phone: keep it out of the page's first load.
const AccountDrawer = lazy(() => import("./account-drawer.tsx"));

/** The top bar's button that opens the signed-in menu on narrow screens; nothing when signed out. */
export function AccountMenuButton() {
  const user = useSignedInUser();
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  if (!user) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => {
          setRequested(true);
          setOpen((isOpen) => !isOpen);
        }}
        aria-expanded={open}
        aria-controls="account-drawer"
        aria-label="Account menu"
        className="inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
      >
        <CircleUserRound aria-hidden="true" className="size-6" />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <AccountDrawer user={user} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}

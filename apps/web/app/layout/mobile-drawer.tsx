import { Dialog } from "@base-ui/react/dialog";
import type { RefObject } from "react";
import { Link } from "react-router";
import { siteConfig } from "../site-config.ts";
import { buttonClasses } from "../ui/button-styles.ts";
import { Logo } from "../ui/logo.tsx";

type MobileDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/**
 * The 240 px side drawer of narrow screens (spec §2). Base UI's dialog gives
 * the focus trap, Escape and focus return; any click inside closes it, as
 * every item in it leaves the page or opens another.
 */
export default function MobileDrawer({ open, onOpenChange, returnFocusTo }: MobileDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Backdrop className="fixed inset-0 z-50 bg-ink/40 transition-opacity duration-200 data-[ending-style]:opacity-0 data-[starting-style]:opacity-0 md:hidden" />
        <Dialog.Popup
          id="mobile-drawer"
          finalFocus={returnFocusTo}
          onClick={() => onOpenChange(false)}
          className="fixed inset-y-0 left-0 z-50 flex w-[240px] flex-col gap-6 bg-cream px-5 py-5 shadow-xl outline-none transition-transform duration-200 data-[ending-style]:-translate-x-full data-[starting-style]:-translate-x-full md:hidden"
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Link to="/" className="self-start rounded-md">
            <Logo />
          </Link>
          <nav aria-label="Mobile" className="flex flex-col gap-3">
            <a href={siteConfig.APP_LOGIN_URL} className={`${buttonClasses("secondary")} w-full`}>
              Login
            </a>
            <Link to="/book-demo" className={`${buttonClasses("primary")} w-full`}>
              Book a Demo
            </Link>
          </nav>
        </Dialog.Popup>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

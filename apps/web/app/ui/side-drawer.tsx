import { type FocusEvent, type ReactNode, type ToggleEvent, useEffect, useState } from "react";

type SideDrawerProps = {
  id: string;
  /** The drawer's accessible name ("Menu", "Account menu"). */
  label: string;
  /** Background, padding and spacing of the drawer's contents. */
  className: string;
  children: ReactNode;
};

/**
 * The 240 px drawer of narrow screens (spec §2), on the platform's own popover: it opens from
 * its button, closes on Escape and on a click outside (light dismiss), and hands focus back to
 * the button, all from the HTML alone, before or without the app. Its background is a close
 * button, so a click anywhere inside closes it too; its items are links that leave the page.
 * With the app running, a click on an item closes it as well (an in-app navigation keeps the
 * top bar and so the drawer), and so does Tab past its last item or before its first: the page
 * behind it is dimmed and covered, so focus there would be out of sight.
 *
 * The dimmed page beside it is the popover's own element, a second close button, not its
 * ::backdrop: the platform lets taps through a popover's backdrop, and a tap that lands in an
 * embedded frame (the booking calendar, the video) never reaches this page, so light dismiss
 * would not see it and the frame would take the tap.
 */
export function SideDrawer({ id, label, className, children }: SideDrawerProps) {
  return (
    <div
      id={id}
      popover="auto"
      onToggle={focusFirstItemOnOpen}
      className="group fixed inset-0 m-0 size-full max-h-none max-w-none overflow-hidden border-0 bg-transparent p-0 transition-[display,overlay] transition-discrete duration-200 motion-reduce:transition-none"
    >
      {/* For a pointer only: the keyboard has Escape and the close button inside the drawer. */}
      <button
        type="button"
        popoverTarget={id}
        popoverTargetAction="hide"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 size-full cursor-default bg-ink/40 opacity-0 transition-opacity duration-200 group-open:opacity-100 motion-reduce:transition-none starting:group-open:opacity-0"
      />
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a key that activates an item inside fires click too, and Escape closes the popover natively */}
      <div
        role="dialog"
        aria-label={label}
        onClick={(event) => popoverOf(event.currentTarget)?.hidePopover()}
        onBlur={closeWhenFocusLeaves}
        className="relative h-dvh w-[240px] -translate-x-full overflow-y-auto text-ink shadow-xl transition-[translate] duration-200 group-open:translate-x-0 motion-reduce:transition-none starting:group-open:-translate-x-full"
      >
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          aria-label={`Close ${label.toLowerCase()}`}
          className="absolute inset-0 size-full cursor-default focus-visible:outline-offset-[-3px]"
        />
        {/* Above the close button; a click beside the items falls through to it. */}
        <div
          className={`pointer-events-none relative flex min-h-full flex-col [&_a]:pointer-events-auto [&_button]:pointer-events-auto ${className}`}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

/**
 * Closes the drawer when the keyboard moves focus to the page behind it (or to its button).
 * Focus leaving the window (another tab, say) has no element to go to, and leaves it open.
 */
function closeWhenFocusLeaves(event: FocusEvent<HTMLDivElement>) {
  const next = event.relatedTarget;
  const popover = popoverOf(event.currentTarget);
  if (
    next instanceof Node &&
    !event.currentTarget.contains(next) &&
    popover?.matches(":popover-open")
  ) {
    popover.hidePopover();
  }
}

/** The popover element the drawer's panel is in. */
const popoverOf = (panel: HTMLElement) => panel.closest<HTMLElement>("[popover]");

/**
 * The browser focuses an item marked autofocus when the popover opens; that attribute is only
 * in prerendered HTML (React does not write it on elements it creates), so a drawer the app
 * created focuses its first item here.
 */
function focusFirstItemOnOpen(event: ToggleEvent<HTMLDivElement>) {
  const drawer = event.currentTarget;
  if (event.newState !== "open" || drawer.contains(document.activeElement)) return;
  drawer.querySelector<HTMLElement>("a[href], button:not([popovertarget])")?.focus();
}

type SideDrawerButtonProps = {
  drawerId: string;
  label: string;
  className: string;
  children: ReactNode;
};

/**
 * The button that opens and closes a SideDrawer. The platform toggles the popover and tells
 * assistive technology whether it is open; once the app runs, aria-expanded says so as well.
 */
export function SideDrawerButton({ drawerId, label, className, children }: SideDrawerButtonProps) {
  const expanded = useDrawerOpen(drawerId);
  return (
    <button
      type="button"
      popoverTarget={drawerId}
      aria-controls={drawerId}
      aria-expanded={expanded}
      aria-label={label}
      className={className}
    >
      {children}
    </button>
  );
}

/** Whether the drawer is open; undefined until the app runs (the HTML can't know). */
function useDrawerOpen(drawerId: string): boolean | undefined {
  const [open, setOpen] = useState<boolean>();
  useEffect(() => {
    const drawer = document.getElementById(drawerId);
    if (!drawer) return;
    const update = () => setOpen(drawer.matches(":popover-open"));
    update();
    drawer.addEventListener("toggle", update);
    return () => drawer.removeEventListener("toggle", update);
  }, [drawerId]);
  return open;
}

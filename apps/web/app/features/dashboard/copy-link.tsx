import { useEffect, useState } from "react";
import { buttonClasses } from "#app/ui/button-styles.ts";

/** How long "Copied" stays: long enough to read, gone before the next copy. */
const SAID_FOR_MS = 4000;

/**
 * Copies a short link's full address to the clipboard and says so in a live region that is in
 * the page from the start (so the words are announced); when the browser refuses the clipboard
 * (no permission, an insecure page), it says how to copy by hand instead.
 */
export function CopyLinkButton({ address, label }: { address: string; label: string }) {
  const [said, setSaid] = useState("");
  useEffect(() => {
    if (said === "") return;
    const timer = setTimeout(() => setSaid(""), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [said]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(address);
      setSaid("Copied");
    } catch {
      setSaid(`Copying was not allowed: select ${address} and copy it`);
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={copy}
        aria-label={label}
        className={buttonClasses("secondary")}
      >
        Copy
      </button>
      <span role="status" aria-live="polite" className="text-cocoa text-sm">
        {said}
      </span>
    </span>
  );
}

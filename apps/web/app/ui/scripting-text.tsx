import type { ReactNode } from "react";

/**
 * One text while scripts run, another where JavaScript is off (CSS decides: `@media
 * (scripting: none)`), so a prerendered page never promises what a browser without
 * JavaScript will not do. The hidden one is hidden from screen readers too.
 */
export function ScriptingText({ on, off }: { on: ReactNode; off: ReactNode }) {
  return (
    <>
      <span className="noscript:hidden">{on}</span>
      <span className="hidden noscript:inline">{off}</span>
    </>
  );
}

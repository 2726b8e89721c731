import { type ParseTimeScript, parseTimeScriptMarker } from "#app/parse-time-scripts.ts";

type ParseTimeSlotProps = {
  /** What the script finds the slot by; none for a script that fills no slot. */
  id?: string;
  /** The script that fills the slot while the page is parsed. */
  script: ParseTimeScript;
  className?: string;
  /** data-* attributes the script reads (configuration baked into the build). */
  data?: Record<`data-${string}`, string>;
};

/**
 * A box whose contents are made outside React: in the prerendered page by the inline script
 * written into it, or, when the app renders the page itself, by an effect that calls the same
 * code. React renders the box with inner HTML it never reconciles, so on hydration it adopts
 * whatever the script made (a frame is not requested twice). The script keeps its progress in
 * the box's data-state, which the siblings after it style with `peer-data-[state=…]`.
 * A script whose head part alone does the work is asked for by a hidden slot with no id:
 * the build leaves it empty.
 */
export function ParseTimeSlot({ id, script, className, data }: ParseTimeSlotProps) {
  return (
    <div
      id={id}
      className={className ? `peer ${className}` : "peer"}
      {...data}
      // data-state and the children are the script's; the HTML differs from this by design.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed marker the build replaces with a hashed script of our own
      dangerouslySetInnerHTML={{ __html: parseTimeScriptMarker(script) }}
    />
  );
}

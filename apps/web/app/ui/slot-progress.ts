/**
 * How long a third-party embed (the scheduling frame, the pricing table, the tour video) may
 * stay "loading" before its slot turns "slow" and the page offers a way on.
 */
const slowAfterMs = 15_000;

/** Turns the slot `slotOf` finds then "slow" if it is still "loading" after 15 s. */
export function markSlowIfStillLoading(slotOf: () => HTMLElement | null | undefined): void {
  window.setTimeout(() => {
    const slot = slotOf();
    if (slot?.dataset.state === "loading") slot.dataset.state = "slow";
  }, slowAfterMs);
}

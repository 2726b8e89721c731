import { type RefCallback, useCallback, useState } from "react";

/**
 * What `measure` reads from an element (its width, whether it overflows), followed with a
 * ResizeObserver as its box changes size, and as its children do when `withChildren`; and the
 * ref callback to attach it with. `initial` until it has been measured (before the app runs, or
 * in a browser without ResizeObserver). Give a `measure` defined outside the component: a new
 * one on every render would attach the observer anew on every render.
 */
export function useMeasured<Element extends HTMLElement, Value>(
  initial: Value,
  measure: (element: Element) => Value,
  { withChildren = false } = {},
): [RefCallback<Element>, Value] {
  const [value, setValue] = useState(initial);
  const ref = useCallback(
    (element: Element | null) => {
      if (!element || typeof ResizeObserver === "undefined") return;
      const observer = new ResizeObserver(() => setValue(measure(element)));
      observer.observe(element);
      if (withChildren) for (const child of element.children) observer.observe(child);
      return () => observer.disconnect();
    },
    [measure, withChildren],
  );
  return [ref, value];
}

import { type RefCallback, useCallback, useState } from "react";

/**
 * The content width of an element in CSS pixels, followed as it changes, and the ref
 * callback to attach it with. `initial` until it has been measured.
 */
export function useElementWidth<Element extends HTMLElement>(
  initial: number,
): [RefCallback<Element>, number] {
  const [width, setWidth] = useState(initial);
  const ref = useCallback((element: Element | null) => {
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

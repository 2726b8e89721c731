import { type RefCallback, useCallback, useState } from "react";

/**
 * Whether an element's content is wider than its box, so that it scrolls sideways, followed
 * as the box or its content changes size; and the ref callback to attach it with. Undefined
 * until it has been measured (before the app runs, or in a browser without ResizeObserver).
 */
export function useOverflowsSideways<Element extends HTMLElement>(): [
  RefCallback<Element>,
  boolean | undefined,
] {
  const [overflows, setOverflows] = useState<boolean>();
  const ref = useCallback((element: Element | null) => {
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() =>
      setOverflows(element.scrollWidth > element.clientWidth),
    );
    // The box (the window's width) and what is in it (rows and their widths).
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows];
}

import type { PageFormat } from "@bakery/shared/admin-pages-contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { loadSanitizer, previewPage } from "./page-editor-api.ts";
import { requestFailureWords } from "./request-failure-words.ts";

/** How long typing must pause before the preview is asked for: one request per pause. */
export const PREVIEW_DEBOUNCE_MS = 300;
/** After this long without an answer, the preview says it is slow (the client gives up at 15 s). */
const SLOW_PREVIEW_MS = 4_000;

export type PreviewState = {
  /** The last preview the server made, sanitized again here; "" before the first. */
  html: string;
  /** What the preview is doing now. */
  status:
    | { kind: "idle" }
    | { kind: "empty" }
    | { kind: "waiting"; slow: boolean }
    /** The server said the source can't be a page (422): its words. */
    | { kind: "refused"; message: string }
    | { kind: "failed"; message: string };
};

/**
 * The page's HTML as a save would store it, asked of the server (its renderer and allow-list)
 * once typing pauses, then sanitized again by the same code as the public page. An answer to
 * an older text that arrives late is dropped; a refusal or a failure is said, with `retry`.
 */
export function usePagePreview(format: PageFormat, source: string) {
  const [state, setState] = useState<PreviewState>({ html: "", status: { kind: "idle" } });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    void attempt;
    const asked = ++latest.current;
    if (source.trim() === "") {
      setState({ html: "", status: { kind: "empty" } });
      return;
    }
    setState((current) => ({ ...current, status: { kind: "waiting", slow: false } }));
    let slowTimer: ReturnType<typeof setTimeout> | undefined;
    const debounce = setTimeout(() => {
      slowTimer = setTimeout(() => {
        if (asked !== latest.current) return;
        setState((current) => ({ ...current, status: { kind: "waiting", slow: true } }));
      }, SLOW_PREVIEW_MS);
      Promise.all([previewPage({ format, source }), loadSanitizer()])
        .then(
          ([preview, { sanitizeContentHtml }]) => {
            if (asked !== latest.current) return;
            setState({ html: sanitizeContentHtml(preview.html), status: { kind: "idle" } });
          },
          (error: unknown) => {
            if (asked !== latest.current) return;
            if (error instanceof ApiRequestError && error.leavingPage) return;
            const refused = error instanceof ApiRequestError && error.status === 422;
            const message = requestFailureWords(error);
            setState((current) => ({
              ...current,
              status: refused ? { kind: "refused", message } : { kind: "failed", message },
            }));
          },
        )
        .finally(() => clearTimeout(slowTimer));
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(debounce);
      clearTimeout(slowTimer);
    };
  }, [format, source, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, retry };
}

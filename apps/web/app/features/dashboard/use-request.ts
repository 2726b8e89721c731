import { useState } from "react";
import { ApiRequestError } from "#app/lib/api/api-client.ts";
import { requestFailureWords } from "./request-failure-words.ts";

/**
 * A write the person asked for (delete, rename, restore, remove): `busy` while it is on its
 * way, and `failure` in words when it fails, cleared as the next try starts. A failure while
 * the API client takes the browser to sign in says nothing: the page is going away.
 */
export function useRequest() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");

  /** Runs `request`; `onFailure` hears of a failure once its words are shown. */
  async function run(request: () => Promise<void>, onFailure?: (error: unknown) => void) {
    setBusy(true);
    setFailure("");
    try {
      await request();
    } catch (error) {
      if (error instanceof ApiRequestError && error.leavingPage) return;
      setFailure(requestFailureWords(error));
      onFailure?.(error);
    } finally {
      setBusy(false);
    }
  }

  return { busy, failure, setFailure, run };
}

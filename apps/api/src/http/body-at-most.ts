import { bodyLimit } from "hono/body-limit";
import { payloadTooLarge } from "./errors.ts";

/** Refuses a body over `maxBytes` with the API's 413, before it is read whole. */
export function bodyAtMost(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw payloadTooLarge(maxBytes);
    },
  });
}

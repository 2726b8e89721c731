import { hasSignedInBefore } from "#app/lib/sign-in-memory.ts";
import { importAuthSessionModule } from "./load-auth-session.ts";

// Written inline in the head of a page whose purpose waits for a signed-in visitor's session
// (a short link's page: the link goes out with their identity, and their profile may send them
// to onboarding first) by app/parse-time-scripts.ts. For a browser seen signed in, the identity
// SDK starts downloading at the first paint, together with the app's own code (the app's loader
// starts then too, build-steps/boot-module-loader.ts), instead of once the app has started and
// asks for it: on a slow phone that second wait is a request latency plus the SDK's ~30 KB,
// before the session can even be restored. Nothing is started: the app finds the module ready.
// After the first frame (no frame is rendered while the stylesheet blocks rendering), so it
// never competes with what the first paint needs. Anonymous visitors never download it.
if (hasSignedInBefore()) {
  requestAnimationFrame(() => setTimeout(() => importAuthSessionModule().catch(() => undefined)));
}

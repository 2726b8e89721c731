import { createServer } from "node:net";
import { type AuthEmulator, startAuthEmulator } from "../../../../scripts/auth-emulator.ts";
import { freePort } from "./free-port.ts";

/** The project every test emulator serves (a "demo-" project: local mode). */
export const TEST_EMULATOR_PROJECT = "demo-bakery";

/** Whether nothing listens on `port` (the emulator also takes the two ports after its own). */
const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });

/**
 * A Firebase Auth emulator of the test's own, on ports no other test file uses, so test files
 * running in parallel never share accounts.
 */
export async function startTestAuthEmulator(): Promise<AuthEmulator> {
  for (;;) {
    const port = await freePort();
    if ((await portIsFree(port + 1)) && (await portIsFree(port + 2))) {
      return startAuthEmulator({
        port,
        projectId: TEST_EMULATOR_PROJECT,
        quiet: true,
        timeoutMs: 110_000,
      });
    }
  }
}

/** Calls the emulator's Identity Toolkit REST API, as the sign-in page or the project's owner. */
export async function emulatorCall(
  emulator: AuthEmulator,
  call: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/${call}`,
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        // A connection of its own: one kept alive since an earlier call may be one the emulator
        // is closing just then (its idle timeout), which fails the call on a slow machine.
        Connection: "close",
        // The emulator's administrator, for the project's own calls (changing any account).
        ...(call.startsWith("projects/") && { Authorization: "Bearer owner" }),
      },
      body: JSON.stringify(body),
    },
  );
  if (!response.ok) throw new Error(`${call}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * An e-mail/password account, as anyone can make one on the sign-in page (unverified unless
 * `verified`), with an ID token of its first sign-in.
 */
export async function newEmulatorAccount(
  emulator: AuthEmulator,
  email: string,
  verified = false,
): Promise<{ uid: string; email: string; idToken: string }> {
  const account = await emulatorCall(emulator, "accounts:signUp?key=test-key", {
    email,
    password: "bakery-test-1",
    returnSecureToken: true,
  });
  const uid = account.localId as string;
  if (verified) {
    await emulatorCall(emulator, `projects/${TEST_EMULATOR_PROJECT}/accounts:update`, {
      localId: uid,
      emailVerified: true,
    });
  }
  return { uid, email, idToken: account.idToken as string };
}

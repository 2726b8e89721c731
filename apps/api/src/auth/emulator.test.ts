import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/open-database.ts";
import { openDatabase } from "../db/open-database.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { createEmulatorVerifier, type IdTokenVerifier } from "./verify-id-token.ts";

/**
 * Local mode against the real Firebase Auth emulator. Runs only when
 * FIREBASE_AUTH_EMULATOR_HOST is set (CI starts the emulator and sets it), e.g.:
 *   npx firebase emulators:start --only auth --project demo-bakery &
 *   FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 npx vitest run apps/api/src/auth/emulator.test.ts
 */
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const PROJECT = "demo-bakery";

async function signUp(email: string): Promise<string> {
  const response = await fetch(
    `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "bakery-test-1", returnSecureToken: true }),
    },
  );
  expect(response.status, `emulator at ${emulatorHost}`).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** Re-encodes an unsigned emulator token with some claims changed. */
function withClaims(token: string, claims: Record<string, unknown>): string {
  const [header, payload] = token.split(".");
  const decoded = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
  const changed = Buffer.from(JSON.stringify({ ...decoded, ...claims })).toString("base64url");
  return `${header}.${changed}.`;
}

describe.skipIf(!emulatorHost)(
  `/me with the Auth emulator (${emulatorHost ?? "not set: skipped"})`,
  () => {
    let handle: DatabaseHandle;
    let server: TestServer;
    let verifier: IdTokenVerifier;

    beforeAll(async () => {
      handle = await openDatabase({ dataDir: "memory" });
      verifier = createEmulatorVerifier({ projectId: PROJECT, emulatorHost: emulatorHost ?? "" });
      server = await startTestServer(handle, { verifier });
    });
    afterAll(async () => {
      await server?.close();
      await verifier?.close?.();
      await handle?.close();
    });

    const me = (token: string) =>
      fetch(`${server.url}/me`, { headers: { Authorization: `Bearer ${token}` } });

    it("accepts an emulator token and creates a pending profile", async () => {
      const email = `baker-${Date.now()}@example.com`;
      const response = await me(await signUp(email));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        user: { email, profile: { status: "pending" } },
      });
    });

    it("refuses tokens for another project, expired tokens and garbage", async () => {
      const token = await signUp(`other-${Date.now()}@example.com`);
      const past = Math.floor(Date.now() / 1000) - 7200;
      for (const bad of [
        withClaims(token, { aud: "demo-other" }),
        withClaims(token, { iss: "https://securetoken.google.com/demo-other" }),
        withClaims(token, { iat: past - 3600, exp: past }),
        "eyJhbGciOiJub25lIn0.e30.",
      ]) {
        expect((await me(bad)).status).toBe(401);
      }
    });
  },
);

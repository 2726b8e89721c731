import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/open-database.ts";
import { openDatabase } from "../db/open-database.ts";
import { listProfiles } from "../profiles/profile-queries.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import {
  createProductionVerifier,
  type IdTokenVerifier,
  InvalidTokenError,
  readBearerToken,
} from "./verify-id-token.ts";

/**
 * Production-mode verification, offline: tokens are forged here with a locally
 * generated RSA key that stands in for Google's, served through the injectable JWKS.
 */

const PROJECT = "bakery-prod";
const NOW = new Date("2026-06-01T12:00:00Z");
const nowSeconds = Math.floor(NOW.getTime() / 1000);
const clock = { now: () => NOW };

let googleKey: CryptoKey;
let attackerKey: CryptoKey;
let jwk: JWK;
const revoked = new Set<string>();
let verifier: IdTokenVerifier;

function validClaims(): JWTPayload & Record<string, unknown> {
  return {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: "user-123",
    iat: nowSeconds - 60,
    exp: nowSeconds + 3000,
    auth_time: nowSeconds - 120,
    email: "baker@example.com",
  };
}

async function sign(
  claims: JWTPayload & Record<string, unknown> = validClaims(),
  options: { key?: CryptoKey; kid?: string } = {},
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "google-key-1", typ: "JWT" })
    .sign(options.key ?? googleKey);
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

beforeAll(async () => {
  const google = await generateKeyPair("RS256", { extractable: true });
  googleKey = google.privateKey;
  jwk = { ...(await exportJWK(google.publicKey)), kid: "google-key-1", alg: "RS256" };
  ({ privateKey: attackerKey } = await generateKeyPair("RS256"));
  verifier = createProductionVerifier({
    projectId: PROJECT,
    keys: createLocalJWKSet({ keys: [jwk] }),
    clock,
    revocation: { isRevoked: async (uid) => revoked.has(uid) },
  });
});

describe("createProductionVerifier", () => {
  it("accepts a correctly signed, current token", async () => {
    await expect(verifier.verify(await sign())).resolves.toEqual({
      uid: "user-123",
      email: "baker@example.com",
    });
  });

  const rejects = async (token: string, options?: { checkRevoked?: boolean }) => {
    await expect(verifier.verify(token, options)).rejects.toBeInstanceOf(InvalidTokenError);
  };

  it("rejects an unsigned token (alg: none)", async () => {
    await rejects(`${b64({ alg: "none", typ: "JWT" })}.${b64(validClaims())}.`);
  });

  it("rejects a token whose signature was tampered with", async () => {
    const [header, , signature] = (await sign()).split(".");
    const forged = b64({ ...validClaims(), sub: "admin" });
    await rejects(`${header}.${forged}.${signature}`);
  });

  it("rejects a token signed by another key, even with Google's kid", async () => {
    await rejects(await sign(validClaims(), { key: attackerKey }));
  });

  it("rejects an HS256 token keyed with the public key (algorithm confusion)", async () => {
    const secret = new TextEncoder().encode(JSON.stringify(jwk));
    const token = await new SignJWT(validClaims())
      .setProtectedHeader({ alg: "HS256", kid: "google-key-1" })
      .sign(secret);
    await rejects(token);
  });

  it("rejects an expired token", async () => {
    await rejects(await sign({ ...validClaims(), exp: nowSeconds - 1, iat: nowSeconds - 3600 }));
  });

  it("rejects the wrong audience", async () => {
    await rejects(await sign({ ...validClaims(), aud: "someone-elses-project" }));
  });

  it("rejects the wrong issuer", async () => {
    await rejects(await sign({ ...validClaims(), iss: "https://securetoken.google.com/other" }));
  });

  it("rejects a token issued in the future", async () => {
    await rejects(await sign({ ...validClaims(), iat: nowSeconds + 600 }));
  });

  it("rejects a token without subject or auth_time", async () => {
    const { sub: _sub, ...noSub } = validClaims();
    await rejects(await sign(noSub));
    await rejects(await sign({ ...validClaims(), sub: "" }));
    const { auth_time: _authTime, ...noAuthTime } = validClaims();
    await rejects(await sign(noAuthTime));
  });

  it("rejects revoked sessions only when asked to check", async () => {
    revoked.add("user-123");
    try {
      const token = await sign();
      await expect(verifier.verify(token)).resolves.toMatchObject({ uid: "user-123" });
      await rejects(token, { checkRevoked: true });
    } finally {
      revoked.clear();
    }
  });
});

describe("production mode over HTTP", () => {
  let handle: DatabaseHandle;
  let server: TestServer;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: "memory" });
    server = await startTestServer(handle, { verifier });
  });
  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  const me = (token: string) =>
    fetch(`${server.url}/me`, { headers: { Authorization: `Bearer ${token}` } });

  it("refuses forged, expired and foreign tokens with 401 and creates no profile", async () => {
    const forged = [
      `${b64({ alg: "none" })}.${b64(validClaims())}.`,
      await sign({ ...validClaims(), exp: nowSeconds - 10, iat: nowSeconds - 4000 }),
      await sign({ ...validClaims(), aud: "other" }),
      await sign({ ...validClaims(), iss: "https://evil.example.com" }),
      await sign(validClaims(), { key: attackerKey }),
    ];
    for (const token of forged) {
      const response = await me(token);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: "unauthorized" } });
    }
    expect(await listProfiles(handle.db)).toEqual([]);
  });

  it("accepts a valid token and creates the pending profile", async () => {
    const response = await me(await sign());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      user: {
        uid: "user-123",
        email: "baker@example.com",
        profile: { status: "pending", role: null },
      },
    });
  });
});

describe("readBearerToken", () => {
  it.each([
    [undefined, { kind: "none" }],
    ["Bearer ", { kind: "none" }],
    ["Bearer", { kind: "none" }],
    ["bearer a.b.c", { kind: "token", token: "a.b.c" }],
    ["Bearer a.b.c", { kind: "token", token: "a.b.c" }],
  ])("%j → %j", (header, expected) => {
    expect(readBearerToken(header)).toEqual(expected);
  });

  it.each([
    "Basic dXNlcjpwdw==",
    "Bearer a.b.c d",
    "Bearer abc",
    "Bearer a.b.c.d",
    "Bearer a.b.c\u0000",
    "Bearera.b.c",
    `Bearer a.${"b".repeat(9000)}.c`,
  ])("%j is malformed", (header) => {
    expect(readBearerToken(header).kind).toBe("malformed");
  });
});

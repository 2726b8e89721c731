import { type App, deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from "jose";

/** Who a valid Firebase ID token says the caller is. */
export interface VerifiedUser {
  uid: string;
  email: string | null;
}

export interface VerifyOptions {
  /** Also refuse tokens of disabled users and tokens issued before a revocation (costs a lookup). */
  checkRevoked?: boolean;
}

/** The seam the API depends on; tests inject fakes or a verifier with local keys. */
export interface IdTokenVerifier {
  /** Resolves the user, or rejects with InvalidTokenError for any token that must not be trusted. */
  verify(token: string, options?: VerifyOptions): Promise<VerifiedUser>;
  close?(): Promise<void>;
}

/** The token is not acceptable (→ 401). Other errors mean the check itself failed (→ 5xx). */
export class InvalidTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InvalidTokenError";
  }
}

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

const emailOf = (claims: Record<string, unknown>) =>
  typeof claims.email === "string" ? claims.email : null;

let appCount = 0;

/**
 * A firebase-admin app of its own for each verifier, so closing one server (tests and
 * the browser-test harness run several in one process) never breaks another's.
 */
export function firebaseApp(projectId: string): App {
  appCount += 1;
  return initializeApp({ projectId }, `bakery-${projectId}-${appCount}`);
}

/**
 * Local mode: firebase-admin against the Auth emulator. firebase-admin only accepts the
 * emulator's unsigned tokens while FIREBASE_AUTH_EMULATOR_HOST is set, which is why the
 * config refuses that variable outside "demo-" projects.
 */
export function createEmulatorVerifier(options: {
  projectId: string;
  emulatorHost: string;
}): IdTokenVerifier {
  if (!options.projectId.startsWith("demo-")) {
    throw new Error("the emulator verifier is only for demo- projects");
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const app = firebaseApp(options.projectId);
  return {
    async verify(token, verifyOptions) {
      try {
        const decoded = await getAuth(app).verifyIdToken(token, verifyOptions?.checkRevoked);
        return { uid: decoded.uid, email: decoded.email ?? null };
      } catch (error) {
        throw toInvalidTokenError(error);
      }
    },
    close: () => deleteApp(app),
  };
}

/** firebase-admin's "auth/…" codes describe the token; anything else (network…) is our failure. */
function toInvalidTokenError(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "string" && code.startsWith("auth/") && code !== "auth/internal-error") {
    return new InvalidTokenError(code, { cause: error });
  }
  return error;
}

/** Google's public keys for Firebase ID tokens, as a JWK set (cached per its Cache-Control). */
export const FIREBASE_JWKS_URL =
  "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";

export interface RevocationChecker {
  /** True when the user is disabled or revoked their sessions after `authTime` (seconds). */
  isRevoked(uid: string, authTime: number): Promise<boolean>;
  close?(): Promise<void>;
}

/** Production revocation check through the Firebase Admin API (needs service credentials). */
export function createFirebaseRevocationChecker(projectId: string): RevocationChecker {
  const app = firebaseApp(projectId);
  return {
    async isRevoked(uid, authTime) {
      try {
        const user = await getAuth(app).getUser(uid);
        if (user.disabled) return true;
        const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
        return authTime * 1000 < validAfter;
      } catch (error) {
        if ((error as { code?: unknown })?.code === "auth/user-not-found") return true;
        throw error;
      }
    },
    close: () => deleteApp(app),
  };
}

/**
 * Production mode: verifies the token exactly as Firebase documents for third-party
 * JWT libraries — RS256 signature by one of Google's current keys (so `alg: none` and
 * self-signed tokens fail), `aud` = project id, `iss` = securetoken.google.com/<project>,
 * `exp` in the future, `iat`/`auth_time` in the past, non-empty `sub`.
 * `keys` and `clock` are injectable so tests run offline with locally generated keys.
 */
export function createProductionVerifier(options: {
  projectId: string;
  keys?: JWTVerifyGetKey;
  revocation?: RevocationChecker;
  clock?: Clock;
}): IdTokenVerifier {
  const { projectId } = options;
  const keys = options.keys ?? createRemoteJWKSet(new URL(FIREBASE_JWKS_URL));
  const clock = options.clock ?? systemClock;
  const revocation = options.revocation ?? createFirebaseRevocationChecker(projectId);

  return {
    async verify(token, verifyOptions) {
      const now = clock.now();
      let claims: Record<string, unknown>;
      try {
        const result = await jwtVerify(token, keys, {
          algorithms: ["RS256"],
          audience: projectId,
          issuer: `https://securetoken.google.com/${projectId}`,
          currentDate: now,
          requiredClaims: ["exp", "iat", "sub", "auth_time"],
        });
        claims = result.payload as Record<string, unknown>;
      } catch (error) {
        if (error instanceof joseErrors.JWKSTimeout) throw error; // Google unreachable: not the caller's fault
        if (error instanceof joseErrors.JOSEError) {
          throw new InvalidTokenError(error.code, { cause: error });
        }
        throw error;
      }
      const nowSeconds = Math.floor(now.getTime() / 1000);
      const { sub, iat, auth_time: authTime } = claims;
      if (typeof sub !== "string" || sub.length === 0 || sub.length > 128) {
        throw new InvalidTokenError("token has no valid subject");
      }
      if (typeof iat !== "number" || iat > nowSeconds + 5) {
        throw new InvalidTokenError("token issued in the future");
      }
      if (typeof authTime !== "number" || authTime > nowSeconds + 5) {
        throw new InvalidTokenError("token has an invalid auth_time");
      }
      if (verifyOptions?.checkRevoked && (await revocation.isRevoked(sub, authTime))) {
        throw new InvalidTokenError("token revoked or user disabled");
      }
      return { uid: sub, email: emailOf(claims) };
    },
    close: async () => {
      await revocation.close?.();
    },
  };
}

const BEARER = /^Bearer(?: (.*))?$/i;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;
const MAX_TOKEN_LENGTH = 8192;

export type BearerToken =
  | { kind: "none" }
  | { kind: "token"; token: string }
  | { kind: "malformed"; reason: string };

/**
 * Reads `Authorization`. Missing, or "Bearer " with nothing after it, means signed out
 * (the web app sends that after sign-out). Anything that isn't a JWT-shaped bearer
 * token is malformed and is never passed to a verifier.
 */
export function readBearerToken(header: string | undefined): BearerToken {
  if (header === undefined) return { kind: "none" };
  const match = BEARER.exec(header);
  if (!match) return { kind: "malformed", reason: "Authorization must be 'Bearer <token>'" };
  const token = (match[1] ?? "").trim();
  if (token === "") return { kind: "none" };
  if (token.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(token)) {
    return { kind: "malformed", reason: "Invalid or expired sign-in" };
  }
  return { kind: "token", token };
}

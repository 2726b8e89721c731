/**
 * The hosts the browser's identity SDK (Firebase Auth) sends its requests to: sign-in and
 * account lookups, and token refresh. Without dependencies: a page's parse-time script uses it.
 */
export const FIREBASE_IDENTITY_ENDPOINTS: readonly string[] = [
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
];

/** The Auth emulator's origin from its host:port: it serves plain HTTP. */
export function authEmulatorOrigin(emulatorHost: string): string {
  return `http://${emulatorHost}`;
}

/** Where a browser's identity requests go: the Auth emulator when there is one (local mode). */
export function identityServiceOrigins(emulatorHost: string | undefined): readonly string[] {
  return emulatorHost ? [authEmulatorOrigin(emulatorHost)] : FIREBASE_IDENTITY_ENDPOINTS;
}

/**
 * The hosts the browser's identity SDK (Firebase Auth) sends its requests to: sign-in and
 * account lookups, and token refresh. Without dependencies: a page's parse-time script uses it.
 */
export const FIREBASE_IDENTITY_ENDPOINTS: readonly string[] = [
  "https://identitytoolkit.googleapis.com",
  "https://securetoken.googleapis.com",
];

/** Where a browser's identity requests go: the Auth emulator when there is one (local mode). */
export function identityServiceOrigins(emulatorHost: string | undefined): readonly string[] {
  return emulatorHost ? [`http://${emulatorHost}`] : FIREBASE_IDENTITY_ENDPOINTS;
}

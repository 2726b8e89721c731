import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo-data.ts";

/**
 * Creates the demo accounts in the Auth emulator. The emulator keeps users in memory,
 * so this runs at every start; fixed uids keep them matched to their seeded profiles,
 * which hold each account's status and role (local-seed.ts).
 */
export async function createDemoUsers(options: {
  projectId: string;
  emulatorHost: string;
}): Promise<void> {
  if (!options.projectId.startsWith("demo-")) {
    throw new Error("demo users are only created in the Auth emulator (demo- projects)");
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const app = initializeApp({ projectId: options.projectId }, `demo-users-${Date.now()}`);
  try {
    const auth = getAuth(app);
    for (const user of DEMO_USERS) {
      try {
        await auth.createUser({
          uid: user.uid,
          email: user.email,
          password: DEMO_PASSWORD,
          emailVerified: true,
          displayName: `Demo (${user.role ?? user.status})`,
        });
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== "auth/uid-already-exists" && code !== "auth/email-already-exists") throw error;
      }
    }
  } finally {
    await deleteApp(app);
  }
}

import {
  type FunnelGrouping,
  type FunnelReport,
  funnelReportSchema,
  utcDay,
} from "@bakery/shared/admin-contract";
import type { APIRequestContext } from "@playwright/test";
import { e2eAuthEmulatorOrigin } from "./e2e-env.ts";
import { expect } from "./fixtures.ts";
import { DEMO_PASSWORD } from "./sign-in.ts";

/** The demo operator's ID token, from the Auth emulator's sign-in endpoint. */
export async function operatorToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(
    `${e2eAuthEmulatorOrigin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    {
      data: {
        email: "demo-operator@example.com",
        password: DEMO_PASSWORD,
        returnSecureToken: true,
      },
    },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

/**
 * The funnel of yesterday and today (the UTC day may turn during a test) grouped `by`, as
 * GET /api/admin/funnel answers the demo operator, as the dashboard reads it.
 */
export async function recentFunnel(
  request: APIRequestContext,
  by: FunnelGrouping,
): Promise<FunnelReport> {
  const to = utcDay(new Date());
  const from = utcDay(new Date(Date.now() - 86_400_000));
  const response = await request.get(`/api/admin/funnel?from=${from}&to=${to}&by=${by}`, {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
  });
  expect(response.status()).toBe(200);
  return funnelReportSchema.parse(await response.json());
}

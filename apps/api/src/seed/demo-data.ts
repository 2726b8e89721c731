import type { ProfileStatus, UserRole } from "@bakery/shared/api-contract";

/** Demo accounts created in the Auth emulator (local mode only; never in production). */
export const DEMO_PASSWORD = "bakery-demo-1";

export const DEMO_USERS: ReadonlyArray<{
  uid: string;
  email: string;
  status: ProfileStatus;
  role?: UserRole;
}> = [
  { uid: "demo-pending", email: "demo-pending@example.com", status: "pending" },
  { uid: "demo-quote", email: "demo-quote@example.com", status: "quote" },
  { uid: "demo-active", email: "demo-active@example.com", status: "active" },
  // A member of the Rise team, who reads the marketing dashboard.
  { uid: "demo-operator", email: "demo-operator@example.com", status: "active", role: "operator" },
];

/** `target` may start with {{MY_AREA_URL}}, filled from the configuration at seed time. */
export const DEMO_LINKS = [
  {
    cat: "promo",
    id: "spring",
    target: "/book-demo",
    signInRequired: false,
    utm: { source: "sms", medium: "text", campaign: "spring" },
  },
  {
    cat: "account",
    id: "billing",
    target: "{{MY_AREA_URL}}/billing",
    signInRequired: true,
    utm: {},
  },
] as const;

/** A demo link's target as seeded: {{MY_AREA_URL}} filled in from the configuration. */
export function demoLinkTarget(target: string, myAreaUrl: string): string {
  return target.replace("{{MY_AREA_URL}}", myAreaUrl.replace(/\/$/, ""));
}

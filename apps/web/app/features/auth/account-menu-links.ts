import { myAreaHome } from "./route-after-sign-in.ts";

export type AccountMenuLink = {
  id: "my-area" | "onboarding" | "book-demo" | "pricing";
  label: string;
  href: string;
  /** On the my-area host: a full-page link rather than an in-app one. */
  external: boolean;
};

/**
 * The signed-in navigation menu's links. Onboarding is offered while the
 * profile is still being set up; `status` is null until the API has said.
 */
export function accountMenuLinks(status: string | null, myAreaUrl: string): AccountMenuLink[] {
  const home = myAreaHome(myAreaUrl);
  const settingUp = status === "pending" || status === "quote";
  return [
    { id: "my-area", label: "My area home", href: home, external: true },
    ...(settingUp
      ? [
          {
            id: "onboarding",
            label: "Onboarding",
            href: `${home}onboarding`,
            external: true,
          } as const,
        ]
      : []),
    { id: "book-demo", label: "Book a Demo", href: "/book-demo", external: false },
    { id: "pricing", label: "Pricing", href: "/pricing", external: false },
  ];
}

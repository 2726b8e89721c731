import { siteConfig } from "#app/site-config.ts";

/** The brand logo at the spec's 30 px height; width follows the image's 4:1 ratio. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <img
      src={siteConfig.LOGO_URL}
      alt={siteConfig.COMPANY_NAME}
      width={96}
      height={30}
      className={`h-[30px] w-auto ${className}`}
    />
  );
}

import { siteConfig } from "#app/site-config.ts";

/**
 * The brand logo at the spec's 30 px height; width follows the image's 4:1 ratio. Drawn for a
 * light background (a dark wordmark on transparent), it keeps one in a forced-colours theme.
 */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <img
      src={siteConfig.LOGO_URL}
      alt={siteConfig.COMPANY_NAME}
      width={96}
      height={30}
      className={`forced-colors-backdrop h-[30px] w-auto ${className}`}
    />
  );
}

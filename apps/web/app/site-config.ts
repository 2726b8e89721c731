import type { PublicConfig } from "@bakery/shared/config";

declare const __SITE_CONFIG__: PublicConfig;

/** The public configuration this build was made with (see .env.example). */
export const siteConfig: PublicConfig = __SITE_CONFIG__;

export function mediaUrl(path: string): string {
  return `${siteConfig.MEDIA_BASE_URL.replace(/\/$/, "")}/${path.replace(/^\//, "")}`;
}

export function absoluteUrl(path: string): string {
  return new URL(path, siteConfig.SITE_URL).toString();
}

import { pageTitle as sharedPageTitle } from "@bakery/shared/page-title";
import type { MetaDescriptor } from "react-router";
import { absoluteUrl, siteConfig } from "#app/site-config.ts";

/** The tab's title on a page that has none of its own (the SPA fallback before a route has loaded). */
export const productTitle = `${siteConfig.PRODUCT_NAME} · Bakery management software`;

type PageMetaInput = {
  title: string;
  description: string;
  /** The canonical path of this page (e.g. "/" for both "/" and "/saas"). */
  canonicalPath: string;
  /** Pages with no value in search results (short-link redirects) stay out of the index. */
  noindex?: boolean;
};

/** A tab's title: the page, then the product (@bakery/shared/page-title). */
export const pageTitle = (title: string) => sharedPageTitle(title, siteConfig.PRODUCT_NAME);

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function pageMeta({
  title,
  description,
  canonicalPath,
  noindex,
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  const url = absoluteUrl(canonicalPath);
  const image = absoluteUrl("/og-image.png");
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.PRODUCT_NAME },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}

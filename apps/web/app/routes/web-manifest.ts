import { siteConfig } from "#app/site-config.ts";

export function loader() {
  const manifest = {
    name: siteConfig.PRODUCT_NAME,
    short_name: siteConfig.PRODUCT_NAME,
    description: "Bakery management software",
    start_url: "/",
    display: "standalone",
    background_color: "#fffaf5",
    theme_color: "#78374a",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return Response.json(manifest, { headers: { "Content-Type": "application/manifest+json" } });
}

/**
 * A tab's title: the page, then the product, unless the title starts with the product (the
 * home page's). Every tab names the product once, whatever the page's address. One rule for
 * the app's pages and for the content pages the server writes (content-page-template.ts).
 * Search results cut titles at about 60 characters, so page titles stay short.
 */
export function pageTitle(title: string, productName: string): string {
  return title.startsWith(productName) ? title : `${title} · ${productName}`;
}

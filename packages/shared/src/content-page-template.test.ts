import { describe, expect, it } from "vitest";
import {
  ContentPageTemplateError,
  fillContentPageTemplate,
  contentPageMarkers as m,
  parseContentPageTemplate,
} from "./content-page-template.ts";

/** The shape the build's prerender gives the template (content-page-view.tsx). */
const template = (article = ARTICLE) =>
  `<!DOCTYPE html><html><head><title>${m.tabTitle}</title>` +
  `<script>window.__ctx = {"url":"/x"}</script></head><body>${article}` +
  "<footer>Rise</footer></body></html>";
const ARTICLE =
  `<article class="a" data-served-page="${m.handle}"><h1 class="t">${m.title}</h1>` +
  `<p class="s" data-page-subtitle="">${m.subtitle}</p>` +
  `<div class="mt-8"><div class="prose-content">${m.content}</div></div></article>`;

const page = {
  handle: "about",
  title: "About us",
  tabTitle: "About us · Rise",
  subtitle: "Who bakes",
  sanitizedHtml: "<p>We <strong>bake</strong>.</p>",
  canonicalUrl: "https://rise.example/page/about",
  description: 'Who bakes, "and why"',
};

describe("the content page's template", () => {
  it("writes the page where its markers were, and nothing else changes", () => {
    expect(fillContentPageTemplate(parseContentPageTemplate(template()), page)).toBe(
      "<!DOCTYPE html><html><head><title>About us · Rise</title>" +
        '<script>window.__ctx = {"url":"/x"}</script>' +
        '<meta name="description" content="Who bakes, &#34;and why&#34;"/>' +
        '<link rel="canonical" href="https://rise.example/page/about"/></head><body>' +
        '<article class="a" data-served-page="about"><h1 class="t">About us</h1>' +
        '<p class="s" data-page-subtitle="">Who bakes</p>' +
        '<div class="mt-8"><div class="prose-content"><p>We <strong>bake</strong>.</p></div></div>' +
        "</article><footer>Rise</footer></body></html>",
    );
  });

  it("escapes the text parts and leaves out the subtitle's element when there is none", () => {
    const filled = fillContentPageTemplate(parseContentPageTemplate(template()), {
      ...page,
      title: `</h1><script>alert(1)</script>`,
      tabTitle: `</title><script>alert(1)</script>`,
      subtitle: "",
    });
    expect(filled).toContain(
      "<title>&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>",
    );
    expect(filled).toContain(
      '<h1 class="t">&#60;/h1&#62;&#60;script&#62;alert(1)&#60;/script&#62;</h1>',
    );
    expect(filled).not.toContain("data-page-subtitle");
    expect(filled.match(/<script/g)).toHaveLength(1);
  });

  it("never reads a page's own text as a marker", () => {
    const filled = fillContentPageTemplate(parseContentPageTemplate(template()), {
      ...page,
      title: m.content,
      tabTitle: m.handle,
      subtitle: m.title,
      sanitizedHtml: `<p>${m.handle} ${m.subtitle}</p>`,
    });
    expect(filled).toContain(`<h1 class="t">${m.content}</h1>`);
    expect(filled).toContain(`<title>${m.handle}</title>`);
    expect(filled).toContain(`data-served-page="about"`);
    expect(filled).toContain(`<p>${m.handle} ${m.subtitle}</p>`);
  });

  it("refuses a template whose markup is not the one the build makes", () => {
    const refused = [
      template(ARTICLE.replace(' data-page-subtitle=""', "")),
      template(ARTICLE.replace(`<h1 class="t">${m.title}</h1>`, "")),
      template(ARTICLE + ARTICLE),
      template(ARTICLE).replace('"url":"/x"', `"title":"${m.title}"`),
      template(ARTICLE).replace(m.tabTitle, `${m.title} · Rise`),
      template(ARTICLE.replace(m.content, "")),
      template(ARTICLE).replace("</head>", ""),
    ];
    for (const html of refused) {
      expect(() => parseContentPageTemplate(html)).toThrow(ContentPageTemplateError);
    }
  });
});

describe("a legal page's template", () => {
  /** The shape the build's prerender gives it: the route's own tab title and head, the handle named. */
  const legal = (article = LEGAL_ARTICLE) =>
    `<!DOCTYPE html><html><head><title>Privacy Policy | Rise</title>` +
    '<link rel="canonical" href="https://rise.example/privacy-policy"/></head><body>' +
    `${article}</body></html>`;
  const LEGAL_ARTICLE = ARTICLE.replace(m.handle, "privacy-policy");

  it("writes the title, subtitle and HTML, and leaves the route's head as it is", () => {
    expect(fillContentPageTemplate(parseContentPageTemplate(legal(), "legal-page"), page)).toBe(
      "<!DOCTYPE html><html><head><title>Privacy Policy | Rise</title>" +
        '<link rel="canonical" href="https://rise.example/privacy-policy"/></head><body>' +
        '<article class="a" data-served-page="privacy-policy"><h1 class="t">About us</h1>' +
        '<p class="s" data-page-subtitle="">Who bakes</p>' +
        '<div class="mt-8"><div class="prose-content"><p>We <strong>bake</strong>.</p></div></div>' +
        "</article></body></html>",
    );
  });

  it("refuses a template with a marker only a content page has, or without one it needs", () => {
    const refused = [
      legal(ARTICLE),
      legal().replace("Privacy Policy | Rise", m.tabTitle),
      legal(LEGAL_ARTICLE.replace(m.title, "Privacy Policy")),
      legal(LEGAL_ARTICLE.replace(m.content, "")),
    ];
    for (const html of refused) {
      expect(() => parseContentPageTemplate(html, "legal-page")).toThrow(ContentPageTemplateError);
    }
    expect(() => parseContentPageTemplate(legal())).toThrow(ContentPageTemplateError);
  });
});

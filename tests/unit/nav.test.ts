// @vitest-environment node
import { describe, expect, it } from "vitest";

import { isActiveItem, isActiveSection, isCurrentPage } from "@/lib/nav";
import { isNavGroup, mainNavFor, siteConfig } from "@/lib/site-config";

describe("isCurrentPage", () => {
  it("matches the same path, ignoring a trailing slash, query and hash", () => {
    expect(isCurrentPage("/about", "/about")).toBe(true);
    expect(isCurrentPage("/about/", "/about")).toBe(true);
    expect(isCurrentPage("/about?x=1#team", "/about")).toBe(true);
    expect(isCurrentPage("/", "/")).toBe(true);
  });

  it("does not match parents, children or prefixes", () => {
    expect(isCurrentPage("/docs/sharing", "/docs")).toBe(false);
    expect(isCurrentPage("/docs", "/docs/sharing")).toBe(false);
    expect(isCurrentPage("/about-us", "/about")).toBe(false);
    expect(isCurrentPage("/about", "/")).toBe(false);
  });
});

describe("isActiveSection", () => {
  it("matches the page and pages below it on whole segments", () => {
    expect(isActiveSection("/docs/sharing", "/docs")).toBe(true);
    expect(isActiveSection("/docs", "/docs")).toBe(true);
    expect(isActiveSection("/docsearch", "/docs")).toBe(false);
  });

  it("only lets the home link match the home page", () => {
    expect(isActiveSection("/", "/")).toBe(true);
    expect(isActiveSection("/about", "/")).toBe(false);
  });
});

describe("isActiveItem", () => {
  const docs = siteConfig.mainNav.find((item) => isNavGroup(item));

  it("marks a submenu active when the page is one of its links", () => {
    expect(docs).toBeDefined();
    expect(isActiveItem("/docs/sharing", docs!)).toBe(true);
    expect(isActiveItem("/about", docs!)).toBe(false);
  });

  it("marks a plain link active on its own page", () => {
    expect(isActiveItem("/about", { title: "About", href: "/about" })).toBe(true);
    expect(isActiveItem("/features", { title: "About", href: "/about" })).toBe(false);
  });
});

describe("site navigation config", () => {
  it("has at least one submenu and unique, absolute hrefs", () => {
    const links = siteConfig.mainNav.flatMap((item) => (isNavGroup(item) ? item.items : [item]));
    expect(siteConfig.mainNav.some(isNavGroup)).toBe(true);
    expect(links.every((link) => link.href.startsWith("/"))).toBe(true);
    expect(new Set(links.map((link) => link.href)).size).toBe(links.length);
  });
});

describe("mainNavFor", () => {
  it("leads with Notes only for a signed-in visitor", () => {
    expect(mainNavFor(true)[0]).toEqual({ title: "Notes", href: "/notes" });
    expect(mainNavFor(false)).toEqual(siteConfig.mainNav);
    expect(JSON.stringify(mainNavFor(false))).not.toContain('"/notes"');
  });
});

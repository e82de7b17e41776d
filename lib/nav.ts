import { isNavGroup, type NavItem } from "@/lib/site-config";

function normalize(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? "/";
  const trimmed = withoutQuery.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** The link to exactly this page: it gets `aria-current="page"`. */
export function isCurrentPage(pathname: string, href: string): boolean {
  return normalize(pathname) === normalize(href);
}

/**
 * The link is this page or one of its ancestors (`/docs` for `/docs/sharing`), matched on
 * whole segments so `/doc` never matches `/docs`. The home page only matches itself.
 */
export function isActiveSection(pathname: string, href: string): boolean {
  const path = normalize(pathname);
  const target = normalize(href);
  if (target === "/") return path === "/";
  return path === target || path.startsWith(`${target}/`);
}

/** A submenu is active when the current page is one of its links (or below one). */
export function isActiveItem(pathname: string, item: NavItem): boolean {
  if (isNavGroup(item)) return item.items.some((link) => isActiveSection(pathname, link.href));
  return isActiveSection(pathname, item.href);
}

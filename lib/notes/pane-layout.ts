/**
 * How the notes frame is laid out on this device: which panes are shown, how wide they are, which
 * folders are open and which folder the list shows. Kept in cookies, so the server renders the
 * frame as it was left: no flash, no shift once scripts run.
 */
export type PaneLayout = { nav: boolean; list: boolean; navWidth: number; listWidth: number };

export const LAYOUT_COOKIE = "gw-notes-layout";
export const EXPANDED_COOKIE = "gw-folders-open";
export const FOLDER_COOKIE = "gw-notes-folder";

export const NAV_WIDTH = { min: 180, max: 360, initial: 232 };
export const LIST_WIDTH = { min: 240, max: 480, initial: 320 };

export const DEFAULT_LAYOUT: PaneLayout = {
  nav: true,
  list: true,
  navWidth: NAV_WIDTH.initial,
  listWidth: LIST_WIDTH.initial,
};

const clamp = (value: unknown, { min, max, initial }: typeof NAV_WIDTH) =>
  typeof value === "number" && Number.isFinite(value)
    ? Math.round(Math.min(max, Math.max(min, value)))
    : initial;

/** A cookie's layout, or the default for anything missing or malformed. */
export function parseLayout(value: string | undefined): PaneLayout {
  let parsed: Record<string, unknown> = {};
  try {
    const json: unknown = JSON.parse(decodeURIComponent(value ?? "{}"));
    if (json && typeof json === "object") parsed = json as Record<string, unknown>;
  } catch {
    // A cookie from elsewhere or cut short: the default layout.
  }
  return {
    nav: parsed.nav !== false,
    list: parsed.list !== false,
    navWidth: clamp(parsed.navWidth, NAV_WIDTH),
    listWidth: clamp(parsed.listWidth, LIST_WIDTH),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The open folders' ids (at most 200, so the cookie stays small). */
export function parseExpanded(value: string | undefined): string[] {
  return (value ?? "")
    .split(".")
    .filter((id) => UUID.test(id))
    .slice(0, 200);
}

export function serializeExpanded(ids: Iterable<string>): string {
  return [...ids]
    .filter((id) => UUID.test(id))
    .slice(0, 200)
    .join(".");
}

/** The folder the list showed last, or null for "All notes". */
export function parseFolder(value: string | null | undefined): string | null {
  return value && UUID.test(value) ? value : null;
}

/** Writes a layout cookie for a year, for this site's pages only. */
export function saveCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
}

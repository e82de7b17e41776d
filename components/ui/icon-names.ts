/** Each icon of components/ui/icons.tsx: its class name (`i-…`) and lucide's file for it. */
export const ICON_FILES = {
  "arrow-left": "arrow-left",
  "chevron-down": "chevron-down",
  download: "download",
  "file-question": "file-question-mark",
  "folder-input": "folder-input",
  "folder-plus": "folder-plus",
  globe: "globe",
  history: "rotate-ccw-clock",
  "list-checks": "list-checks",
  menu: "menu",
  monitor: "monitor",
  moon: "moon",
  notebook: "notebook",
  "panel-left-close": "panel-left-close",
  "panel-left-open": "panel-left-open",
  pin: "pin",
  "pin-off": "pin-off",
  plus: "plus",
  search: "search",
  sun: "sun",
  "trash-2": "trash",
  users: "users",
} as const;

export type IconName = keyof typeof ICON_FILES;

/**
 * The app's mark (components/layout/logo.tsx): four stacked bars, filled, the upper ones fainter.
 * Drawn by the stylesheet as `.i-logo`, like the icons; opacity carries into the mask, so the
 * faint bars stay faint in the text colour.
 */
export const LOGO_NODE: [string, Record<string, string>][] = [
  ["rect", { x: "2", y: "14", width: "20", height: "4", rx: "1.5" }],
  ["rect", { x: "5", y: "8", width: "14", height: "4", rx: "1.5", opacity: "0.7" }],
  ["rect", { x: "8", y: "2", width: "8", height: "4", rx: "1.5", opacity: "0.45" }],
  ["rect", { x: "2", y: "20", width: "20", height: "2", rx: "1", opacity: "0.3" }],
].map(([tag, attrs]) => [
  tag as string,
  { ...(attrs as Record<string, string>), fill: "black", stroke: "none" },
]);

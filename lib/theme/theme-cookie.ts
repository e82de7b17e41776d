/**
 * The theme choice lives in localStorage (next-themes) and, mirrored, in this cookie so the
 * server can put the right class on <html> in the very first byte of HTML: no flash, even
 * before any script runs.
 */
export const THEME_COOKIE = "theme";
export const THEME_CHOICES = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (THEME_CHOICES as readonly string[]).includes(value);
}

/** Unknown or missing values mean "no explicit choice", which behaves like system. */
export function parseThemeCookie(value: string | undefined | null): ThemeChoice {
  return isThemeChoice(value) ? value : "system";
}

export function serializeThemeCookie(choice: ThemeChoice, { secure = false } = {}): string {
  const parts = [
    `${THEME_COOKIE}=${choice}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * Attributes for <html> on the server. Only an explicit light/dark choice can be known there;
 * for "system" the next-themes inline script resolves the OS preference before first paint.
 */
export function htmlThemeAttributes(choice: ThemeChoice): {
  className?: "light" | "dark";
  style?: { colorScheme: "light" | "dark" };
} {
  if (choice === "system") return {};
  return { className: choice, style: { colorScheme: choice } };
}

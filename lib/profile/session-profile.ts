import { isThemeChoice, type ThemeChoice } from "@/lib/theme/theme-cookie";

/** What every page shows of the signed-in person, read from the session without a query. */
export interface SessionProfile {
  userId: string;
  email: string;
  username: string | null;
  displayName: string | null;
  /** Path in the public `avatars` bucket, always inside the person's own folder. */
  avatarPath: string | null;
  theme: ThemeChoice | null;
}

interface ClaimsLike {
  sub?: unknown;
  email?: unknown;
  user_metadata?: unknown;
}

const text = (value: unknown, max: number): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.slice(0, max) : null;

/** Object keys under the person's folder: no parent steps, no odd characters. */
const AVATAR_FILE = /^[A-Za-z0-9._-]{1,200}$/;

/** `value` when it is an avatar path inside `userId`'s own folder, else null. */
export function avatarPathFor(userId: string, value: unknown): string | null {
  if (typeof value !== "string") return null;
  const [folder, file, ...rest] = value.split("/");
  if (folder !== userId || !file || rest.length || !AVATAR_FILE.test(file) || file.startsWith("."))
    return null;
  return value;
}

/**
 * The profile mirrored into `user_metadata.profile` by the database. A person can also write their
 * own user_metadata, so every field is checked before it reaches a page.
 */
export function profileFromClaims(claims: ClaimsLike | null): SessionProfile | null {
  if (!claims || typeof claims.sub !== "string") return null;
  const meta = claims.user_metadata;
  const raw =
    meta && typeof meta === "object" && "profile" in meta
      ? (meta as { profile: unknown }).profile
      : null;
  const p = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
  const username = typeof p.username === "string" && /^[a-z0-9_]{3,30}$/.test(p.username);
  return {
    userId: claims.sub,
    email: typeof claims.email === "string" ? claims.email : "",
    username: username ? (p.username as string) : null,
    displayName: text(p.display_name, 80),
    avatarPath: avatarPathFor(claims.sub, p.avatar_path),
    theme: isThemeChoice(p.theme) ? p.theme : null,
  };
}

/** The name to show: display name, then @username, then the address's local part. */
export function shownName(profile: Pick<SessionProfile, "displayName" | "username" | "email">) {
  return (
    profile.displayName ??
    (profile.username ? `@${profile.username}` : null) ??
    (profile.email.split("@")[0] || "Account")
  );
}

/** An avatar rendition through Storage's image transforms, sized for where it is shown. */
export function avatarUrl(supabaseUrl: string, avatarPath: string, size: number): string {
  const encoded = avatarPath.split("/").map(encodeURIComponent).join("/");
  const px = Math.round(size * 2);
  return `${supabaseUrl.replace(/\/$/, "")}/storage/v1/render/image/public/avatars/${encoded}?width=${px}&height=${px}&resize=cover`;
}

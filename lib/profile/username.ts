/** Usernames as the database accepts them: 3-30 of a-z, 0-9 and _ (case is folded as you type). */
export const USERNAME_PATTERN = /^[a-z0-9_]{3,30}$/;

export function normalizeUsername(value: string): string {
  return value.trim().toLowerCase();
}

/** A sentence for a username that can never be valid, or null when only the server can tell. */
export function usernameProblem(value: string): string | null {
  if (value.length < 3) return "Use at least 3 characters.";
  if (value.length > 30) return "Use at most 30 characters.";
  if (!USERNAME_PATTERN.test(value)) return "Use only letters a-z, digits and _.";
  return null;
}

/** What a failed profile update means for the person, from Postgres's error code. */
export function profileSaveError(error: { code?: string; message?: string }): string {
  if (error.code === "23505") return "That username was just taken. Try another.";
  if (error.code === "23514") {
    if (error.message?.includes("reserved")) return "That username is reserved. Try another.";
    if (error.message?.includes("display_name")) return "Keep your name to 80 characters.";
    return "That username is not valid: use 3-30 of a-z, 0-9 and _.";
  }
  return "Your profile could not be saved. Check your connection and try again.";
}

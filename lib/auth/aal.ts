export type AssuranceLevel = "aal1" | "aal2" | null;

/** As supabase-js reports them (it types levels as open strings). */
export type AssuranceLevels = {
  currentLevel: string | null;
  nextLevel: string | null;
};

/**
 * A user with a verified factor who has only proven their password (or email) so far must enter a
 * code before any signed-in page: the session is at aal1 while the account can reach aal2.
 */
export function needsMfaChallenge({ currentLevel, nextLevel }: AssuranceLevels): boolean {
  return currentLevel === "aal1" && nextLevel === "aal2";
}

/** Claims read off a verified access token are enough to know the current level. */
export function currentLevelOf(claims: { aal?: unknown } | null): AssuranceLevel {
  return claims?.aal === "aal1" || claims?.aal === "aal2" ? claims.aal : null;
}

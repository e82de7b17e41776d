/** The scopes GoTrue's OAuth server grants (models.SupportedOAuthScopes, in its order). */
export const SUPPORTED_SCOPES = ["openid", "profile", "email", "phone", "offline_access"];

/** A space-separated scope string as a list; runs of spaces never make empty scopes. */
export function parseScopes(scope: string | null | undefined): string[] {
  return (scope ?? "")
    .trim()
    .split(" ")
    .map((s) => s.trim())
    .filter(Boolean);
}

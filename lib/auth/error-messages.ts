/** The parts of an auth error we look at; AuthError from supabase-js has all of them. */
export type AuthErrorLike = {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
};

export const NETWORK_ERROR_MESSAGE =
  "We can't reach the server right now. Check your connection and try again.";
const FALLBACK_MESSAGE = "Something went wrong on our side. Please try again.";

const MESSAGES: Record<string, string> = {
  invalid_credentials: "That email and password don't match an account.",
  email_not_confirmed:
    "Please confirm your email address first: follow the link in the mail we sent you.",
  user_already_exists: "An account with this email already exists. Try signing in instead.",
  email_exists: "An account with this email already exists.",
  weak_password:
    "That password is too easy to guess. Use at least 12 characters, with letters and digits.",
  same_password: "Your new password must be different from the old one.",
  over_request_rate_limit: "Too many attempts. Please wait a moment and try again.",
  over_email_send_rate_limit:
    "We've just sent you an email. Please wait before asking for another one.",
  otp_expired: "That link or code has expired or was already used. Ask for a new one.",
  otp_disabled: "Signing in with a code is turned off.",
  mfa_verification_failed: "That code isn't right. Check your authenticator app and try again.",
  mfa_challenge_expired: "That code request timed out. Please enter a new code.",
  mfa_factor_not_found: "That authenticator is no longer on your account.",
  mfa_factor_name_conflict: "You already have an authenticator with that name.",
  too_many_enrolled_mfa_factors: "You've reached the limit of authenticators for one account.",
  insufficient_aal: "Please enter a code from your authenticator app first.",
  session_not_found: "Your session has ended. Please sign in again.",
  session_expired: "Your session has expired. Please sign in again.",
  refresh_token_not_found: "Your session has ended. Please sign in again.",
  refresh_token_already_used: "Your session has ended. Please sign in again.",
  reauthentication_needed: "For your security, please sign in again before making this change.",
  flow_state_not_found:
    "That link was opened in a different browser, or has expired. Ask for a new one.",
  flow_state_expired: "That link has expired. Ask for a new one.",
  bad_code_verifier:
    "That link was opened in a different browser. Open it where you asked for it, or ask for a new one.",
  pkce_code_verifier_not_found:
    "That link was opened in a different browser from the one that asked for it. If it confirmed your email address, sign in here to continue.",
  email_change_pending:
    "Confirmation accepted. Now open the link we sent to your other email address to finish the change.",
  missing_code: "That link is incomplete. Copy the whole link from the mail, or ask for a new one.",
  invalid_link: "That link is incomplete or malformed. Ask for a new one.",
  access_denied: "That link is no longer valid. Ask for a new one.",
  signup_disabled: "New accounts can't be created right now.",
  email_provider_disabled: "Signing in with email is turned off.",
  email_address_invalid: "That doesn't look like an email address we can send to.",
  email_address_not_authorized: "We can't send email to that address.",
  user_banned: "This account has been suspended.",
  user_not_found: "We couldn't find that account.",
  validation_failed: "Please check what you entered and try again.",
  request_timeout: "The server took too long to answer. Please try again.",
};

/** True when the request never got an answer from the auth server (or got a 5xx). */
export function isNetworkError(error: AuthErrorLike): boolean {
  if (error.name === "AuthRetryableFetchError") return true;
  return error.name === "TypeError" && /fetch|network/i.test(error.message ?? "");
}

/** Every auth error becomes one plain sentence; unknown ones get a generic apology. */
export function authErrorMessage(error: AuthErrorLike | null | undefined): string {
  if (!error) return FALLBACK_MESSAGE;
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (error.code && MESSAGES[error.code]) return MESSAGES[error.code];
  if (error.status === 429) return MESSAGES.over_request_rate_limit;
  return FALLBACK_MESSAGE;
}

/**
 * Seconds to wait before asking again, from a 429 ("…you can only request this after 42
 * seconds."); null when the error is not a rate limit.
 */
export function retryAfterSeconds(
  error: AuthErrorLike | null | undefined,
  fallback = 60,
): number | null {
  if (!error) return null;
  const limited =
    error.status === 429 ||
    error.code === "over_email_send_rate_limit" ||
    error.code === "over_request_rate_limit";
  if (!limited) return null;
  const match = /after (\d+) seconds?/i.exec(error.message ?? "");
  return match ? Number(match[1]) : fallback;
}

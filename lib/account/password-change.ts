import type { ActionState } from "@/lib/auth/action-state";
import { authErrorMessage, type AuthErrorLike } from "@/lib/auth/error-messages";

/** Ways of signing in that prove the mailbox, which GoTrue counts as a reset (Session.IsRecovery). */
const BY_MAIL = new Set(["otp", "magiclink", "recovery"]);

/**
 * True when this session was opened from a mailed link or code (a password reset among them): then
 * Auth asks for no current password, and neither does the app.
 */
export function signedInByMail(amr: unknown): boolean {
  if (!Array.isArray(amr)) return false;
  return amr.some(
    (entry) =>
      (typeof entry === "string" && BY_MAIL.has(entry)) ||
      (typeof entry === "object" && entry !== null && BY_MAIL.has(String(entry.method))),
  );
}

export const CODE_SENT =
  "We emailed you a code. Enter it here, with the new password again, to finish the change.";

/** What the person is told when Auth refuses the change, next to the field it concerns. */
export function passwordChangeRefusal(error: AuthErrorLike): ActionState {
  switch (error.code) {
    case "current_password_required":
      return { fields: { current_password: "Enter your current password." } };
    case "current_password_invalid":
    case "invalid_credentials":
      return { fields: { current_password: "That is not your current password." } };
    case "reauthentication_needed":
      return { fields: { code: CODE_SENT } };
    case "reauthentication_not_valid":
      return { fields: { code: "That code is wrong or has expired. Ask for a new one." } };
    default:
      return { error: authErrorMessage(error) };
  }
}

import { json } from "../http";
import type { AuthContext } from "./context";
import { badRequest, notFound, unprocessable } from "./errors";
import { issueEmailToken, verifyLink, type Slot } from "./email-tokens";
import { object, readParams, str, validEmail } from "./params";
import { checkPasswordStrength, hashPassword } from "./passwords";
import { safeRedirect } from "./redirect";
import { emailAppMetadata, insertUser } from "./signup";
import { findUserByEmail, findUserById, userJson, type UserRow } from "./users";

const TYPES = [
  "signup",
  "magiclink",
  "recovery",
  "invite",
  "email_change_current",
  "email_change_new",
] as const;
type LinkType = (typeof TYPES)[number];

/**
 * POST /admin/generate_link: makes the link and code a mail would carry, without sending anything
 * (GoTrue's adminGenerateLink). The answer is the user plus action_link, email_otp, hashed_token,
 * verification_type and redirect_to.
 */
export async function generateLink(c: AuthContext): Promise<Response> {
  const auth = c.backend.config.auth;
  const p = await readParams(c.req);
  const type = str(p, "type") as LinkType;
  if (!TYPES.includes(type)) throw badRequest("validation_failed", "Invalid type");
  const email = validEmail(str(p, "email"));
  const password = str(p, "password");
  const data = object(p, "data") ?? {};
  const redirectTo = safeRedirect(
    auth,
    str(p, "redirect_to") || c.url.searchParams.get("redirect_to"),
  );
  const newEmail = type.startsWith("email_change") ? validEmail(str(p, "new_email")) : "";
  if (type.startsWith("email_change") && !newEmail)
    throw badRequest("validation_failed", "The new_email address is required");

  const existing = await findUserByEmail(c.backend.db, email);
  if ((type === "signup" || type === "invite") && existing?.email_confirmed_at) {
    throw unprocessable(
      "email_exists",
      "A user with this email address has already been registered",
    );
  }
  if ((type === "recovery" || type.startsWith("email_change")) && !existing)
    throw notFound("user_not_found", "User with this email not found");
  if (newEmail && (await findUserByEmail(c.backend.db, newEmail))) {
    throw unprocessable(
      "email_exists",
      "A user with this email address has already been registered",
    );
  }
  if (type === "signup") {
    if (!password) throw unprocessable("validation_failed", "Signup requires a valid password");
    checkPasswordStrength(auth, password);
  }
  const passwordHash = type === "signup" && !existing ? await hashPassword(password) : null;

  const body = await c.backend.db.transaction(async (tx) => {
    let user: UserRow =
      existing ??
      (await insertUser(tx, {
        email,
        passwordHash,
        userMetadata: data,
        appMetadata: emailAppMetadata(),
        confirmed: false,
        invited: type === "invite",
      }));
    if (type === "invite")
      await tx.query(
        "update auth.users set invited_at = coalesce(invited_at, now()) where id = $1",
        [user.id],
      );
    let slot: Slot = "confirmation";
    let address = email;
    let verificationType: string = type;
    if (type === "magiclink" || type === "recovery") {
      slot = "recovery";
      // A magic link for an unconfirmed user confirms it, as GoTrue does by sending a signup link.
      if (type === "magiclink" && !user.email_confirmed_at)
        [slot, verificationType] = ["confirmation", "signup"];
    } else if (type.startsWith("email_change")) {
      // Generating the second half of the same change keeps the first half's confirmation.
      await tx.query(
        `update auth.users set email_change_confirm_status = case when email_change = $2 then email_change_confirm_status else 0 end,
           email_change = $2 where id = $1`,
        [user.id, newEmail],
      );
      slot = type === "email_change_new" ? "email_change_new" : "email_change_current";
      address = type === "email_change_new" ? newEmail : email;
      verificationType = "email_change";
    }
    const issued = await issueEmailToken(tx, c.backend, user, slot, address, false);
    user = (await findUserById(tx, user.id)) as UserRow;
    return {
      ...(await userJson(tx, user)),
      action_link: verifyLink(c.backend, issued.token, verificationType, redirectTo),
      email_otp: issued.code,
      hashed_token: issued.hashedToken,
      verification_type: verificationType,
      redirect_to: redirectTo,
    };
  });
  return json(body);
}

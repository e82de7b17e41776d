import { json } from "../http";
import { composeNotice } from "../mail/compose";
import type { OutgoingMail } from "../mail/mailer";
import type { AuthContext, Queryable } from "./context";
import { AuthError, badRequest, forbidden, unprocessable } from "./errors";
import {
  composeMail,
  issueEmailChangeMails,
  issueEmailToken,
  sendAll,
  PKCE_PREFIX,
} from "./email-tokens";
import type { Authenticated } from "./guard";
import { object, optionalStr, readParams, str, validEmail } from "./params";
import { checkPasswordStrength, hashPassword, passwordMatches } from "./passwords";
import { codeChallenge, createFlowState, type CodeChallenge } from "./pkce";
import { checkMailFrequency, takeRateLimit } from "./rate-limit";
import { safeRedirect } from "./redirect";
import { tokenHash } from "./secrets";
import { findUserByEmail, findUserById, userJson, type UserRow } from "./users";

/** GET /user */
export async function getUser(c: AuthContext, { user }: Authenticated): Promise<Response> {
  return json(await userJson(c.backend.db, user));
}

async function hasVerifiedFactor(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    "select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'",
    [userId],
  );
  return rows.length > 0;
}

/** Email change as GoTrue's sendEmailChange: a code to the new address, and with double confirm also to the old. */
async function prepareEmailChange(
  db: Queryable,
  c: AuthContext,
  user: UserRow,
  newEmail: string,
  pkce: CodeChallenge | null,
  redirectTo: string,
) {
  checkMailFrequency(c.backend, user.email_change_sent_at);
  if (pkce) await createFlowState(db, user.id, "email_change", pkce);
  await db.query(
    "update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1",
    [user.id, newEmail],
  );
  const fresh = (await findUserById(db, user.id)) as UserRow;
  const toCurrentToo = c.backend.config.auth.email.doubleConfirmChanges && Boolean(user.email);
  if (!toCurrentToo) {
    await db.query("update auth.users set email_change_token_current = '' where id = $1", [
      user.id,
    ]);
  }
  return issueEmailChangeMails(db, c.backend, fresh, newEmail, {
    toCurrentToo,
    pkce: pkce !== null,
    redirectTo,
  });
}

const NONCE_INVALID = "Nonce has expired or is invalid";

/**
 * GoTrue's verifyReauthentication (internal/api/reauthenticate.go): the code mailed by GET
 * /reauthenticate, within otp_expiry; once it is accepted it is used up, with every other code.
 */
async function spendNonce(c: AuthContext, user: UserRow, nonce: string): Promise<void> {
  const stored = user.reauthentication_token ?? "";
  const sentAt = user.reauthentication_sent_at;
  if (!stored || !sentAt) throw unprocessable("reauthentication_not_valid", NONCE_INVALID);
  if (!user.email)
    throw unprocessable(
      "reauthentication_not_valid",
      "Reauthentication requires an email or a phone number",
    );
  const hash = tokenHash(user.email, nonce);
  const fresh = Date.now() <= sentAt.getTime() + c.backend.config.auth.email.otpExpiry * 1000;
  if (!fresh || (stored !== hash && stored !== PKCE_PREFIX + hash))
    throw unprocessable("reauthentication_not_valid", NONCE_INVALID);
  await c.backend.db.query("update auth.users set reauthentication_token = '' where id = $1", [
    user.id,
  ]);
  await c.backend.db.query("delete from auth.one_time_tokens where user_id = $1", [user.id]);
}

/** GoTrue's Session.IsRecovery: signed in by a mailed code or link (otp, magiclink, recovery). */
async function isRecoverySession(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from auth.mfa_amr_claims
      where session_id = $1 and authentication_method in ('otp', 'magiclink', 'recovery')`,
    [sessionId],
  );
  return rows.length > 0;
}

/**
 * The proof a new password needs, in GoTrue's order (internal/api/user.go UserUpdate): with
 * secure_password_change, a session signed in more than a day ago brings the mailed nonce; with
 * UpdatePasswordRequireCurrentPassword, an account that has a password brings it, unless it signed
 * in by a mailed code or link (a reset); and the new password must differ from the old one.
 */
async function checkPasswordChange(
  c: AuthContext,
  a: Authenticated,
  password: string,
  currentPassword: string,
  nonce: string,
): Promise<void> {
  const auth = c.backend.config.auth;
  const { user, session } = a;
  if (auth.email.securePasswordChange) {
    const recent = session && Date.now() < session.created_at.getTime() + 24 * 3600 * 1000;
    if (!recent) {
      if (!nonce)
        throw badRequest("reauthentication_needed", "Password update requires reauthentication");
      await spendNonce(c, user, nonce);
    }
  }
  if (!password || !user.encrypted_password) return;
  if (
    auth.email.requireCurrentPassword &&
    !(session && (await isRecoverySession(c.backend.db, session.id)))
  ) {
    const required = "Current password required when setting new password.";
    if (!currentPassword) throw badRequest("current_password_required", required);
    if (!(await passwordMatches(currentPassword, user.encrypted_password)))
      throw badRequest("current_password_invalid", required);
  }
  if (await passwordMatches(password, user.encrypted_password)) {
    throw unprocessable("same_password", "New password should be different from the old password.");
  }
}

/**
 * GoTrue's sendPasswordChangedNotification: sent with the change when the notice is switched on and
 * the account has an address; it counts against the mail limit, and a refused send never fails the
 * change itself.
 */
function passwordChangedNotice(c: AuthContext, user: UserRow): OutgoingMail | null {
  const { auth } = c.backend.config;
  const config = auth.email.notification.password_changed;
  if (!config || !user.email) return null;
  try {
    if (auth.email.enableConfirmations) takeRateLimit(c.backend, "emailSent", c.ip);
  } catch {
    return null;
  }
  return composeNotice(config, {
    kind: "password_changed",
    to: user.email,
    siteUrl: auth.siteUrl,
    data: user.raw_user_meta_data,
  });
}

/** PUT /user: metadata, password, email (confirmed by mail). */
export async function updateUser(c: AuthContext, a: Authenticated): Promise<Response> {
  const auth = c.backend.config.auth;
  const p = await readParams(c.req);
  const { user, session } = a;
  const rawEmail = str(p, "email");
  const password = optionalStr(p, "password");
  const nonce = str(p, "nonce");
  const currentPassword = str(p, "current_password");
  const data = object(p, "data");
  const appData = object(p, "app_metadata");
  const email = rawEmail ? validEmail(rawEmail) : "";
  if (password !== undefined) checkPasswordStrength(auth, password);
  if (str(p, "phone")) throw badRequest("phone_provider_disabled", "Phone logins are disabled");
  if (appData) throw forbidden("not_admin", "Updating app_metadata requires admin privileges");
  const changingEmail = email !== "" && email !== user.email;
  if (
    (password || changingEmail) &&
    session?.aal !== "aal2" &&
    (await hasVerifiedFactor(c.backend.db, user.id))
  ) {
    throw new AuthError(
      401,
      "insufficient_aal",
      "AAL2 session is required to update email or password when MFA is enabled.",
    );
  }
  if (user.is_anonymous && password && !email) {
    throw unprocessable(
      "validation_failed",
      "Updating password of an anonymous user without an email or phone is not allowed",
    );
  }
  if (changingEmail && (await findUserByEmail(c.backend.db, email))) {
    throw unprocessable(
      "email_exists",
      "A user with this email address has already been registered",
    );
  }
  if (password !== undefined) await checkPasswordChange(c, a, password, currentPassword, nonce);
  const passwordHash = password ? await hashPassword(password) : null;
  const pkce = codeChallenge(p);
  const redirectTo = safeRedirect(auth, c.url.searchParams.get("redirect_to"));
  if (changingEmail) takeRateLimit(c.backend, "emailSent", c.ip);

  const mails: OutgoingMail[] = [];
  const body = await c.backend.db.transaction(async (tx) => {
    if (passwordHash) {
      await tx.query(
        "update auth.users set encrypted_password = $2, updated_at = now() where id = $1",
        [user.id, passwordHash],
      );
      // GoTrue signs out every other session when the password changes.
      if (session)
        await tx.query("delete from auth.sessions where user_id = $1 and id <> $2", [
          user.id,
          session.id,
        ]);
      if (!user.encrypted_password && user.email) {
        await tx.query(
          "update auth.identities set updated_at = now() where user_id = $1 and provider = 'email'",
          [user.id],
        );
      }
    }
    if (password !== undefined) {
      const notice = passwordChangedNotice(c, user);
      if (notice) mails.push(notice);
    }
    if (data) {
      await tx.query(
        // A key set to null removes it, as GoTrue's UpdateUserMetaData does.
        `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb)
           - coalesce((select array_agg(key) from jsonb_each($2::jsonb) where value = 'null'::jsonb), '{}'::text[]),
           updated_at = now() where id = $1`,
        [user.id, JSON.stringify(data)],
      );
    }
    if (changingEmail)
      mails.push(...(await prepareEmailChange(tx, c, user, email, pkce, redirectTo)));
    return userJson(tx, (await findUserById(tx, user.id)) as UserRow);
  });
  await sendAll(c.backend, mails);
  return json(body);
}

/** GET /reauthenticate: mails a code that PUT /user accepts as `nonce`. */
export async function reauthenticate(c: AuthContext, { user }: Authenticated): Promise<Response> {
  // GoTrue's Reauthenticate (internal/api/reauthenticate.go): 400 without an address, 422 unconfirmed.
  if (!user.email)
    throw badRequest(
      "validation_failed",
      "Reauthentication requires the user to have an email or a phone number",
    );
  if (!user.email_confirmed_at)
    throw unprocessable("email_not_confirmed", "Please verify your email first.");
  checkMailFrequency(c.backend, user.reauthentication_sent_at);
  takeRateLimit(c.backend, "emailSent", c.ip);
  const mail = await c.backend.db.transaction(async (tx) => {
    const issued = await issueEmailToken(
      tx,
      c.backend,
      user,
      "reauthentication",
      user.email ?? "",
      false,
    );
    return composeMail(
      c.backend,
      "reauthentication",
      user.email ?? "",
      issued,
      c.backend.config.auth.siteUrl,
      { data: user.raw_user_meta_data },
    );
  });
  await sendAll(c.backend, [mail]);
  return json({});
}

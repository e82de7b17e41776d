import { json } from "../http";
import type { OutgoingMail } from "../mail/mailer";
import type { AuthContext, Queryable } from "./context";
import { badRequest, unprocessable } from "./errors";
import { composeMail, issueEmailChangeMails, issueEmailToken, sendAll } from "./email-tokens";
import { bool, object, readParams, str, validEmail } from "./params";
import { codeChallenge, createFlowState, type CodeChallenge } from "./pkce";
import { checkMailFrequency, takeRateLimit } from "./rate-limit";
import { safeRedirect } from "./redirect";
import { emailAppMetadata, insertUser, prepareConfirmation } from "./signup";
import { findUserByEmail, findUserById, userJson, type UserRow } from "./users";

/** Stores a recovery-slot code and renders a magic-link or password-reset mail. */
export async function prepareRecoveryMail(
  db: Queryable,
  c: AuthContext,
  user: UserRow,
  kind: "magiclink" | "recovery",
  redirectTo: string,
  pkce: CodeChallenge | null,
): Promise<OutgoingMail> {
  checkMailFrequency(c.backend, user.recovery_sent_at);
  if (pkce) await createFlowState(db, user.id, kind, pkce);
  const issued = await issueEmailToken(
    db,
    c.backend,
    user,
    "recovery",
    user.email ?? "",
    pkce !== null,
  );
  return composeMail(c.backend, kind, user.email ?? "", issued, redirectTo, {
    data: user.raw_user_meta_data,
  });
}

function redirectFor(c: AuthContext, p: Record<string, unknown>): string {
  return safeRedirect(
    c.backend.config.auth,
    c.url.searchParams.get("redirect_to") ?? str(p, "redirect_to"),
  );
}

/** POST /otp: a magic link and 6-digit code by mail; creates the user unless create_user is false. */
export async function otp(c: AuthContext): Promise<Response> {
  const auth = c.backend.config.auth;
  const p = await readParams(c.req);
  const rawEmail = str(p, "email");
  if (rawEmail && str(p, "phone"))
    throw badRequest(
      "validation_failed",
      "Only an email address or phone number should be provided",
    );
  if (!rawEmail && str(p, "phone"))
    throw badRequest("phone_provider_disabled", "Unsupported phone provider");
  if (!rawEmail) throw badRequest("validation_failed", "Password recovery requires an email");
  takeRateLimit(c.backend, "signInSignUps", c.ip);
  const email = validEmail(rawEmail);
  const createUser = bool(p, "create_user", true);
  const data = object(p, "data") ?? {};
  const pkce = codeChallenge(p);
  const redirectTo = redirectFor(c, p);

  const existing = await findUserByEmail(c.backend.db, email);
  if (!existing) {
    if (!createUser) throw unprocessable("otp_disabled", "Signups not allowed for otp");
    if (!auth.enableSignup || !auth.email.enableSignup)
      throw unprocessable("signup_disabled", "Signups not allowed for this instance");
  }
  takeRateLimit(c.backend, "emailSent", c.ip);
  const mail = await c.backend.db.transaction(async (tx) => {
    let user = existing;
    if (!user) {
      const autoconfirm = !auth.email.enableConfirmations;
      user = await insertUser(tx, {
        email,
        passwordHash: null,
        userMetadata: data,
        appMetadata: emailAppMetadata(),
        confirmed: autoconfirm,
      });
      if (!autoconfirm) return prepareConfirmation(tx, c, user, redirectTo, pkce);
    }
    if (!user.email_confirmed_at) return prepareConfirmation(tx, c, user, redirectTo, pkce);
    return prepareRecoveryMail(tx, c, user, "magiclink", redirectTo, pkce);
  });
  await sendAll(c.backend, [mail]);
  return json({});
}

/** POST /recover: a password-reset mail; unknown addresses get the same answer, and no mail. */
export async function recover(c: AuthContext): Promise<Response> {
  const p = await readParams(c.req);
  const rawEmail = str(p, "email");
  if (!rawEmail) throw unprocessable("validation_failed", "Password recovery requires an email");
  takeRateLimit(c.backend, "signInSignUps", c.ip);
  const email = validEmail(rawEmail);
  const pkce = codeChallenge(p);
  const redirectTo = redirectFor(c, p);
  const user = await findUserByEmail(c.backend.db, email);
  if (!user) return json({});
  takeRateLimit(c.backend, "emailSent", c.ip);
  const mail = await c.backend.db.transaction((tx) =>
    prepareRecoveryMail(tx, c, user, "recovery", redirectTo, pkce),
  );
  await sendAll(c.backend, [mail]);
  return json({});
}

/** POST /resend: the sign-up confirmation or the email-change mails again. */
export async function resend(c: AuthContext): Promise<Response> {
  const p = await readParams(c.req);
  const type = str(p, "type");
  if (!["signup", "email_change", "sms", "phone_change"].includes(type)) {
    throw badRequest(
      "validation_failed",
      "Missing one of these types: signup, email_change, sms, phone_change",
    );
  }
  if (type === "sms" || type === "phone_change")
    throw badRequest("validation_failed", "Type provided requires a phone number");
  const rawEmail = str(p, "email");
  if (!rawEmail) throw badRequest("validation_failed", "Type provided requires an email address");
  takeRateLimit(c.backend, "signInSignUps", c.ip);
  const email = validEmail(rawEmail);
  const pkce = codeChallenge(p);
  const redirectTo = redirectFor(c, p);

  let user: UserRow | null;
  if (type === "signup") {
    user = await findUserByEmail(c.backend.db, email);
    if (!user || user.email_confirmed_at) return json({});
  } else {
    const { rows } = await c.backend.db.query<UserRow>(
      "select * from auth.users where lower(email_change) = $1 limit 1",
      [email],
    );
    user = rows[0] ?? null;
    if (!user) return json({});
  }
  takeRateLimit(c.backend, "emailSent", c.ip);
  const target = user;
  const mails = await c.backend.db.transaction(async (tx) => {
    if (type === "signup") return [await prepareConfirmation(tx, c, target, redirectTo, pkce)];
    checkMailFrequency(c.backend, target.email_change_sent_at);
    return issueEmailChangeMails(tx, c.backend, target, target.email_change ?? "", {
      toCurrentToo: Boolean(target.email && target.email_change_token_current),
      pkce: pkce !== null,
      redirectTo,
    });
  });
  await sendAll(c.backend, mails);
  return json({});
}

/** POST /invite (admin): creates an invited user and mails the invitation. */
export async function invite(c: AuthContext): Promise<Response> {
  const p = await readParams(c.req);
  const email = validEmail(str(p, "email"));
  const data = object(p, "data") ?? {};
  const redirectTo = redirectFor(c, p);
  const existing = await findUserByEmail(c.backend.db, email);
  if (existing?.email_confirmed_at) {
    throw unprocessable(
      "email_exists",
      "A user with this email address has already been registered",
    );
  }
  takeRateLimit(c.backend, "emailSent", c.ip);
  const { body, mail } = await c.backend.db.transaction(async (tx) => {
    const user =
      existing ??
      (await insertUser(tx, {
        email,
        passwordHash: null,
        userMetadata: data,
        appMetadata: emailAppMetadata(),
        confirmed: false,
        invited: true,
      }));
    await tx.query("update auth.users set invited_at = coalesce(invited_at, now()) where id = $1", [
      user.id,
    ]);
    const issued = await issueEmailToken(tx, c.backend, user, "confirmation", email, false);
    const fresh = (await findUserById(tx, user.id)) as UserRow;
    return {
      body: fresh,
      mail: composeMail(c.backend, "invite", email, issued, redirectTo, {
        data: fresh.raw_user_meta_data,
      }),
    };
  });
  await sendAll(c.backend, [mail]);
  return json(await userJson(c.backend.db, body));
}

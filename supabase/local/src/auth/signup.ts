import { randomUUID } from "node:crypto";
import { json } from "../http";
import type { OutgoingMail } from "../mail/mailer";
import type { AuthContext, Queryable } from "./context";
import { badRequest, unprocessable } from "./errors";
import { composeMail, issueEmailToken, sendAll } from "./email-tokens";
import { object, readParams, str, validEmail, type Params } from "./params";
import { checkPasswordStrength, hashPassword } from "./passwords";
import { codeChallenge, createFlowState, type CodeChallenge } from "./pkce";
import { checkMailFrequency, takeRateLimit } from "./rate-limit";
import { safeRedirect } from "./redirect";
import { grantInfo, issueSession } from "./sessions";
import {
  createEmailIdentity,
  findUserByEmail,
  findUserById,
  isConfirmed,
  userJson,
  type UserRow,
} from "./users";

export interface NewUser {
  email: string | null;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  confirmed: boolean;
  anonymous?: boolean;
  invited?: boolean;
  id?: string;
  role?: string;
}

/** Inserts a user (and its email identity) the way GoTrue's signupNewUser does. */
export async function insertUser(db: Queryable, u: NewUser): Promise<UserRow> {
  const id = u.id ?? randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
       case when $5 then now() end, case when $6 then now() end, $7, $8, now(), now(), $9)`,
    [
      id,
      u.role ?? "authenticated",
      u.email,
      u.passwordHash,
      u.confirmed,
      u.invited ?? false,
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      u.anonymous ?? false,
    ],
  );
  if (u.email) await createEmailIdentity(db, id, u.email, u.userMetadata, u.confirmed);
  return (await findUserById(db, id)) as UserRow;
}

export const emailAppMetadata = () => ({ provider: "email", providers: ["email"] });

/** Stores a confirmation code and renders the "Confirm your signup" mail. */
export async function prepareConfirmation(
  db: Queryable,
  c: AuthContext,
  user: UserRow,
  redirectTo: string,
  pkce: CodeChallenge | null,
): Promise<OutgoingMail> {
  checkMailFrequency(c.backend, user.confirmation_sent_at);
  if (pkce) await createFlowState(db, user.id, "email/signup", pkce);
  const issued = await issueEmailToken(
    db,
    c.backend,
    user,
    "confirmation",
    user.email ?? "",
    pkce !== null,
  );
  return composeMail(c.backend, "signup", user.email ?? "", issued, redirectTo, {
    data: user.raw_user_meta_data,
  });
}

async function anonymousSignUp(c: AuthContext, p: Params): Promise<Response> {
  const auth = c.backend.config.auth;
  if (!auth.enableAnonymousSignIns)
    throw unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled");
  takeRateLimit(c.backend, "anonymousUsers", c.ip);
  const data = object(p, "data") ?? {};
  const session = await c.backend.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: null,
      passwordHash: null,
      userMetadata: data,
      appMetadata: { provider: "anonymous", providers: ["anonymous"] },
      confirmed: false,
      anonymous: true,
    });
    return issueSession(tx, c.backend, user.id, "anonymous", grantInfo(c.req, c.ip));
  });
  return json(session);
}

/** What GoTrue answers for a repeated sign-up of a confirmed address: a made-up user, no hint. */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: emailAppMetadata(),
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** POST /signup: email + password, or no credentials at all for an anonymous user. */
export async function signup(c: AuthContext): Promise<Response> {
  const auth = c.backend.config.auth;
  const p = await readParams(c.req);
  if (!auth.enableSignup)
    throw unprocessable("signup_disabled", "Signups not allowed for this instance");
  const rawEmail = str(p, "email");
  const phone = str(p, "phone");
  const password = str(p, "password");
  if (!rawEmail && !phone) return anonymousSignUp(c, p);

  takeRateLimit(c.backend, "signInSignUps", c.ip);
  if (!password) throw unprocessable("validation_failed", "Signup requires a valid password");
  checkPasswordStrength(auth, password);
  if (phone && !rawEmail) throw badRequest("phone_provider_disabled", "Phone signups are disabled");
  if (!auth.email.enableSignup)
    throw unprocessable("email_provider_disabled", "Email signups are disabled");
  const email = validEmail(rawEmail);
  const data = object(p, "data") ?? {};
  const pkce = codeChallenge(p);
  const redirectTo = safeRedirect(
    auth,
    c.url.searchParams.get("redirect_to") ?? str(p, "redirect_to"),
  );
  const autoconfirm = !auth.email.enableConfirmations;

  const existing = await findUserByEmail(c.backend.db, email);
  if (existing && isConfirmed(existing)) {
    if (autoconfirm) throw unprocessable("user_already_exists", "User already registered");
    return json(obfuscatedUser(email, data));
  }
  const passwordHash = existing ? null : await hashPassword(password);
  if (!autoconfirm) takeRateLimit(c.backend, "emailSent", c.ip);

  const mails: OutgoingMail[] = [];
  const body = await c.backend.db.transaction(async (tx) => {
    const user =
      existing ??
      (await insertUser(tx, {
        email,
        passwordHash,
        userMetadata: data,
        appMetadata: emailAppMetadata(),
        confirmed: autoconfirm,
      }));
    if (autoconfirm)
      return issueSession(tx, c.backend, user.id, "password", grantInfo(c.req, c.ip));
    mails.push(await prepareConfirmation(tx, c, user, redirectTo, pkce));
    return userJson(tx, (await findUserById(tx, user.id)) as UserRow);
  });
  await sendAll(c.backend, mails);
  return json(body);
}

import type { Backend } from "../http";
import type { Queryable } from "./context";
import { AuthError, badRequest, forbidden } from "./errors";
import { clearOneTimeTokens, PKCE_PREFIX } from "./email-tokens";
import { tokenHash } from "./secrets";
import { findUserByEmail, findUserById, isBanned, refreshProviders, type UserRow } from "./users";

export const EMAIL_TYPES = [
  "signup",
  "invite",
  "magiclink",
  "recovery",
  "email_change",
  "email",
] as const;
export type VerifyType = (typeof EMAIL_TYPES)[number];

export const SINGLE_CONFIRMATION =
  "Confirmation link accepted. Please proceed to confirm link sent to the other email";

export interface VerifyInput {
  type: VerifyType;
  /** The token hash from a link or `token_hash` (possibly with the `pkce_` prefix). */
  tokenHash?: string;
  /** An email address with the 6-digit code typed by the user. */
  email?: string;
  code?: string;
}

/** What a verification did: confirmed a user (a session follows), or one half of an email change. */
export type Verified = { user: UserRow; type: VerifyType } | { singleConfirmation: true };

const LINK_INVALID = "Email link is invalid or has expired";
const CODE_INVALID = "Token has expired or is invalid";

const matches = (stored: string | null, hash: string) =>
  !!stored && (stored === hash || stored === PKCE_PREFIX + hash);
const fresh = (backend: Backend, sentAt: Date | null) =>
  sentAt !== null && Date.now() <= sentAt.getTime() + backend.config.auth.email.otpExpiry * 1000;

/** Finds the user a link's token hash belongs to and checks it has not expired (GoTrue's verifyTokenHash). */
async function byTokenHash(
  db: Queryable,
  backend: Backend,
  input: VerifyInput,
): Promise<{ user: UserRow; type: VerifyType }> {
  const hash = (input.tokenHash ?? "").replace(/^pkce_/, "");
  const column: Record<VerifyType, string> = {
    signup: "confirmation_token in ($1, $2)",
    invite: "confirmation_token in ($1, $2)",
    magiclink: "recovery_token in ($1, $2)",
    recovery: "recovery_token in ($1, $2)",
    email_change: "(email_change_token_current in ($1, $2) or email_change_token_new in ($1, $2))",
    email: "(confirmation_token in ($1, $2) or recovery_token in ($1, $2))",
  };
  const { rows } = await db.query<UserRow>(
    `select * from auth.users where ${column[input.type]} limit 1`,
    [hash, PKCE_PREFIX + hash],
  );
  const user = rows[0];
  if (!user) throw forbidden("otp_expired", LINK_INVALID);
  let type = input.type;
  if (type === "email") type = matches(user.recovery_token, hash) ? "magiclink" : "signup";
  const sentAt =
    type === "signup" || type === "invite"
      ? user.confirmation_sent_at
      : type === "email_change"
        ? user.email_change_sent_at
        : user.recovery_sent_at;
  if (!fresh(backend, sentAt)) throw forbidden("otp_expired", LINK_INVALID);
  return { user, type };
}

/** Finds the user by address and checks the typed code (GoTrue's verifyUserAndToken). */
async function byEmailAndCode(
  db: Queryable,
  backend: Backend,
  input: VerifyInput,
): Promise<{ user: UserRow; type: VerifyType }> {
  const email = input.email ?? "";
  const hash = tokenHash(email, input.code ?? "");
  let user: UserRow | null;
  if (input.type === "email_change") {
    const { rows } = await db.query<UserRow>(
      `select * from auth.users where (lower(email) = $1 and email_change_token_current in ($2, $3))
         or (lower(email_change) = $1 and email_change_token_new in ($2, $3)) limit 1`,
      [email, hash, PKCE_PREFIX + hash],
    );
    user = rows[0] ?? null;
  } else {
    user = await findUserByEmail(db, email);
  }
  if (!user) throw forbidden("otp_expired", CODE_INVALID);
  let type = input.type;
  let valid = false;
  if (type === "email") {
    if (matches(user.confirmation_token, hash) && fresh(backend, user.confirmation_sent_at))
      [valid, type] = [true, "signup"];
    else if (matches(user.recovery_token, hash) && fresh(backend, user.recovery_sent_at))
      [valid, type] = [true, "magiclink"];
  } else if (type === "signup" || type === "invite") {
    valid = matches(user.confirmation_token, hash) && fresh(backend, user.confirmation_sent_at);
  } else if (type === "recovery" || type === "magiclink") {
    valid = matches(user.recovery_token, hash) && fresh(backend, user.recovery_sent_at);
  } else {
    valid =
      (matches(user.email_change_token_current, hash) ||
        matches(user.email_change_token_new, hash)) &&
      fresh(backend, user.email_change_sent_at);
  }
  if (!valid) throw forbidden("otp_expired", CODE_INVALID);
  return { user, type };
}

async function confirm(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now()
     where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
  await clearOneTimeTokens(db, userId, "confirmation");
}

async function emailChange(
  db: Queryable,
  backend: Backend,
  user: UserRow,
  hash: string,
): Promise<boolean> {
  const secure =
    backend.config.auth.email.doubleConfirmChanges && backend.config.auth.email.enableConfirmations;
  if (secure && (user.email_change_confirm_status ?? 0) === 0 && user.email) {
    const current = matches(user.email_change_token_current, hash);
    const slot = current ? "email_change_current" : "email_change_new";
    await db.query(
      `update auth.users set email_change_confirm_status = 1, ${current ? "email_change_token_current" : "email_change_token_new"} = ''
       where id = $1`,
      [user.id],
    );
    await clearOneTimeTokens(db, user.id, slot);
    return false;
  }
  const newEmail = user.email_change ?? "";
  await db.query(
    `update auth.users set email = $2, email_change = '', email_change_token_current = '', email_change_token_new = '',
       email_change_confirm_status = 0, email_confirmed_at = now(), is_anonymous = false, updated_at = now()
     where id = $1`,
    [user.id, newEmail],
  );
  const identity = await db.query(
    "select 1 from auth.identities where user_id = $1 and provider = 'email'",
    [user.id],
  );
  if (identity.rows.length) {
    await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
         updated_at = now() where user_id = $1 and provider = 'email'`,
      [user.id, newEmail],
    );
  } else {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true, 'phone_verified', false),
         'email', now(), now())`,
      [user.id, newEmail],
    );
  }
  await clearOneTimeTokens(db, user.id, "email_change_current", "email_change_new");
  return true;
}

/** Checks the token and applies what it confirms; call inside a transaction. */
export async function applyVerification(
  db: Queryable,
  backend: Backend,
  input: VerifyInput,
): Promise<Verified> {
  const found = input.tokenHash
    ? await byTokenHash(db, backend, input)
    : await byEmailAndCode(db, backend, input);
  const { user, type } = found;
  if (isBanned(user)) throw forbidden("user_banned", "User is banned");
  const hash = input.tokenHash
    ? input.tokenHash.replace(/^pkce_/, "")
    : tokenHash(input.email ?? "", input.code ?? "");
  switch (type) {
    case "signup":
    case "invite":
      await confirm(db, user.id);
      break;
    case "magiclink":
    case "recovery":
      await db.query(
        "update auth.users set recovery_token = '', updated_at = now() where id = $1",
        [user.id],
      );
      await clearOneTimeTokens(db, user.id, "recovery");
      if (!user.email_confirmed_at) await confirm(db, user.id);
      break;
    case "email_change":
      if (!(await emailChange(db, backend, user, hash))) return { singleConfirmation: true };
      break;
    default:
      throw badRequest("validation_failed", "Unsupported verification type");
  }
  await refreshProviders(db, user.id);
  return { user: (await findUserById(db, user.id)) as UserRow, type };
}

export function parseType(raw: string): VerifyType {
  if (!raw) throw badRequest("validation_failed", "Verify requires a verification type");
  if (!(EMAIL_TYPES as readonly string[]).includes(raw)) {
    if (raw === "sms" || raw === "phone_change")
      throw new AuthError(400, "phone_provider_disabled", "Phone logins are disabled");
    throw badRequest("validation_failed", "Unsupported verification type");
  }
  return raw as VerifyType;
}

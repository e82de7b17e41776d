import { randomUUID } from "node:crypto";
import { json } from "../http";
import type { AuthContext, Queryable } from "./context";
import { AuthError, badRequest, forbidden, unprocessable } from "./errors";
import { bool, object, str, type Params } from "./params";
import { hashPassword, passwordMatches } from "./passwords";
import { takeRateLimit } from "./rate-limit";
import { grantInfo, issueSession } from "./sessions";
import { findUserById, isBanned, userJson, type UserRow } from "./users";

const E164 = /^[1-9]\d{1,14}$/;
const phoneAppMetadata = () => ({ provider: "phone", providers: ["phone"] });

/** GoTrue's validatePhone: drop a leading "+" and spaces, then require E.164 digits. */
export function validatePhone(raw: string): string {
  const phone = raw.replace(/^\+/, "").replace(/ /g, "");
  if (!E164.test(phone))
    throw badRequest("validation_failed", "Invalid phone number format (E.164 required)");
  return phone;
}

async function findUserByPhone(db: Queryable, phone: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    "select * from auth.users where phone = $1 and is_sso_user = false and deleted_at is null",
    [phone],
  );
  return rows[0] ?? null;
}

/**
 * "Sends" an OTP: no SMS provider is reachable locally, so only a number with a test OTP in
 * [auth.sms.test_otp] can receive one, as GoTrue treats those numbers without calling a provider.
 */
async function sendOtp(
  c: AuthContext,
  db: Queryable,
  user: UserRow,
  slot: "confirmation" | "recovery",
): Promise<void> {
  if (!c.backend.config.auth.sms.testOtp[user.phone ?? ""])
    throw new AuthError(
      422,
      "sms_send_failed",
      `Error sending ${slot === "confirmation" ? "confirmation" : "sms"} OTP to provider: no SMS provider is reachable locally; add the number to [auth.sms.test_otp]`,
    );
  await db.query(
    `update auth.users set ${slot}_sent_at = now(), updated_at = now() where id = $1`,
    [user.id],
  );
}

async function insertPhoneUser(
  db: Queryable,
  phone: string,
  passwordHash: string | null,
  data: Record<string, unknown>,
  confirmed: boolean,
): Promise<UserRow> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, phone, encrypted_password, phone_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $4 then now() end, $5, $6, now(), now(), false)`,
    [id, phone, passwordHash, confirmed, JSON.stringify(phoneAppMetadata()), JSON.stringify(data)],
  );
  return (await findUserById(db, id)) as UserRow;
}

/** POST /signup with a phone number and password. */
export async function phoneSignup(c: AuthContext, p: Params, password: string): Promise<Response> {
  const sms = c.backend.config.auth.sms;
  if (!sms.enableSignup) throw badRequest("phone_provider_disabled", "Phone signups are disabled");
  const phone = validatePhone(str(p, "phone"));
  const data = object(p, "data") ?? {};
  const existing = await findUserByPhone(c.backend.db, phone);
  if (existing?.phone_confirmed_at)
    throw unprocessable("user_already_exists", "User already registered");
  const passwordHash = existing ? null : await hashPassword(password);
  const body = await c.backend.db.transaction(async (tx) => {
    const user =
      existing ?? (await insertPhoneUser(tx, phone, passwordHash, data, !sms.enableConfirmations));
    if (!sms.enableConfirmations)
      return issueSession(tx, c.backend, user.id, "password", grantInfo(c.req, c.ip));
    await sendOtp(c, tx, user, "confirmation");
    return userJson(tx, (await findUserById(tx, user.id)) as UserRow);
  });
  return json(body);
}

/** POST /otp with a phone number: an SMS code, creating the user unless create_user is false. */
export async function phoneOtp(c: AuthContext, p: Params): Promise<Response> {
  const sms = c.backend.config.auth.sms;
  if (!sms.enableSignup) throw badRequest("phone_provider_disabled", "Unsupported phone provider");
  takeRateLimit(c.backend, "signInSignUps", c.ip);
  const phone = validatePhone(str(p, "phone"));
  await c.backend.db.transaction(async (tx) => {
    let user = await findUserByPhone(tx, phone);
    if (!user) {
      if (!bool(p, "create_user", true))
        throw unprocessable("otp_disabled", "Signups not allowed for otp");
      user = await insertPhoneUser(tx, phone, null, object(p, "data") ?? {}, false);
    }
    await sendOtp(c, tx, user, user.phone_confirmed_at ? "recovery" : "confirmation");
  });
  return json({ message_id: "test-otp" });
}

/** POST /token?grant_type=password with a phone number. */
export async function phonePasswordGrant(c: AuthContext, rawPhone: string, password: string) {
  const phone = validatePhone(rawPhone);
  const user = await findUserByPhone(c.backend.db, phone);
  const invalid = badRequest("invalid_credentials", "Invalid login credentials");
  if (!user || !user.encrypted_password) throw invalid;
  if (isBanned(user)) throw badRequest("user_banned", "User is banned");
  if (!(await passwordMatches(password, user.encrypted_password))) throw invalid;
  if (!user.phone_confirmed_at) throw badRequest("phone_not_confirmed", "Phone not confirmed");
  const session = await c.backend.db.transaction((tx) =>
    issueSession(tx, c.backend, user.id, "password", grantInfo(c.req, c.ip)),
  );
  return json(session);
}

/** POST /verify with type sms: the test OTP of a number that was sent one confirms and signs in. */
export async function verifySms(c: AuthContext, p: Params): Promise<Response> {
  const phone = validatePhone(str(p, "phone"));
  const token = str(p, "token");
  const expected = c.backend.config.auth.sms.testOtp[phone];
  const user = await findUserByPhone(c.backend.db, phone);
  const sent = user?.confirmation_sent_at ?? user?.recovery_sent_at ?? null;
  if (!user || !expected || !sent || token !== expected)
    throw forbidden("otp_expired", "Token has expired or is invalid");
  const session = await c.backend.db.transaction(async (tx) => {
    await tx.query(
      `update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()),
         confirmation_sent_at = null, recovery_sent_at = null, updated_at = now() where id = $1`,
      [user.id],
    );
    return issueSession(tx, c.backend, user.id, "otp", grantInfo(c.req, c.ip));
  });
  return json(session);
}

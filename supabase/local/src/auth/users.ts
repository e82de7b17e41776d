import type { Queryable } from "./context";

/** A row of auth.users, as PGlite returns it. */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  phone_confirmed_at: Date | null;
  phone_change: string | null;
  phone_change_sent_at: Date | null;
  confirmed_at: Date | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
  web_authn_aaguid?: string | null;
  last_webauthn_challenge_data?: unknown;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>("select * from auth.users where id = $1", [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    "select * from auth.users where lower(email) = lower($1) and is_sso_user = false and deleted_at is null",
    [email],
  );
  return rows[0] ?? null;
}

export const isConfirmed = (u: UserRow) =>
  u.email_confirmed_at !== null || u.phone_confirmed_at !== null;
export const isBanned = (u: UserRow) =>
  u.banned_until !== null && u.banned_until.getTime() > Date.now();

export function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: f.created_at,
    updated_at: f.updated_at,
    last_challenged_at: f.last_challenged_at,
    phone: f.phone ?? "",
    // A WebAuthn factor shows its authenticator model and last ceremony, as GoTrue's factor JSON does.
    ...(f.web_authn_aaguid ? { web_authn_aaguid: f.web_authn_aaguid } : {}),
    ...(f.last_webauthn_challenge_data
      ? { last_webauthn_challenge_data: f.last_webauthn_challenge_data }
      : {}),
  };
}

function identityJson(i: IdentityRow): Record<string, unknown> {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: i.last_sign_in_at ?? undefined,
    created_at: i.created_at,
    updated_at: i.updated_at,
    email: i.email ?? undefined,
  };
}

const orUndefined = <T>(v: T | null) => v ?? undefined;
const nonEmpty = (v: string | null) => (v ? v : undefined);

/** The user as GoTrue serialises models.User (empty optional fields left out, as `omitempty` does). */
export async function userJson(db: Queryable, u: UserRow): Promise<Record<string, unknown>> {
  const identities = (
    await db.query<IdentityRow>(
      "select * from auth.identities where user_id = $1 order by created_at",
      [u.id],
    )
  ).rows;
  const factors = (
    await db.query<FactorRow>(
      "select * from auth.mfa_factors where user_id = $1 order by created_at",
      [u.id],
    )
  ).rows;
  return {
    id: u.id,
    aud: u.aud ?? "",
    role: u.role ?? "",
    email: u.email ?? "",
    email_confirmed_at: orUndefined(u.email_confirmed_at),
    invited_at: orUndefined(u.invited_at),
    phone: u.phone ?? "",
    phone_confirmed_at: orUndefined(u.phone_confirmed_at),
    confirmation_sent_at: orUndefined(u.confirmation_sent_at),
    confirmed_at: orUndefined(u.confirmed_at),
    recovery_sent_at: orUndefined(u.recovery_sent_at),
    new_email: nonEmpty(u.email_change),
    email_change_sent_at: orUndefined(u.email_change_sent_at),
    new_phone: nonEmpty(u.phone_change),
    phone_change_sent_at: orUndefined(u.phone_change_sent_at),
    reauthentication_sent_at: orUndefined(u.reauthentication_sent_at),
    last_sign_in_at: orUndefined(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    factors: factors.length ? factors.map(factorJson) : undefined,
    identities: identities.map(identityJson),
    created_at: u.created_at,
    updated_at: u.updated_at,
    banned_until: orUndefined(u.banned_until),
    deleted_at: orUndefined(u.deleted_at),
    is_anonymous: u.is_anonymous,
  };
}

/** app_metadata.provider(s) follow the user's identities, as GoTrue's UpdateAppMetaDataProviders does. */
export async function refreshProviders(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
       'provider', p.providers -> 0, 'providers', p.providers)
     from (select coalesce(jsonb_agg(distinct provider), '[]'::jsonb) as providers
           from auth.identities where user_id = $1) p
     where u.id = $1 and jsonb_array_length(p.providers) > 0`,
    [userId],
  );
}

/** Creates the `email` identity GoTrue keeps beside every email user. */
export async function createEmailIdentity(
  db: Queryable,
  userId: string,
  email: string,
  extra: Record<string, unknown> = {},
  verified = false,
): Promise<void> {
  const data = { ...extra, sub: userId, email, email_verified: verified, phone_verified: false };
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2, 'email', now(), now())`,
    [userId, JSON.stringify(data)],
  );
}

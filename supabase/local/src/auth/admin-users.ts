import { json } from "../http";
import type { AuthContext, Queryable } from "./context";
import { badRequest, notFound, unprocessable } from "./errors";
import {
  bool,
  isUuid,
  object,
  optionalStr,
  readParams,
  str,
  validEmail,
  type Params,
} from "./params";
import { parseDuration } from "../config/config";
import { checkPasswordStrength, hashPassword } from "./passwords";
import { emailAppMetadata, insertUser } from "./signup";
import {
  factorJson,
  findUserByEmail,
  findUserById,
  userJson,
  type FactorRow,
  type UserRow,
} from "./users";

export async function loadUser(db: Queryable, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound("validation_failed", "user_id must be an UUID");
  const user = await findUserById(db, id);
  if (!user) throw notFound("user_not_found", "User not found");
  return user;
}

function banUntil(p: Params): Date | null | undefined {
  const raw = str(p, "ban_duration");
  if (!raw) return undefined;
  if (raw === "none") return null;
  try {
    return new Date(Date.now() + parseDuration(raw) * 1000);
  } catch {
    throw badRequest(
      "validation_failed",
      `invalid format for ban duration: time: invalid duration "${raw}"`,
    );
  }
}

/** POST /admin/users */
export async function createUser(c: AuthContext): Promise<Response> {
  const p = await readParams(c.req);
  const rawEmail = str(p, "email");
  if (!rawEmail && !str(p, "phone"))
    throw badRequest("validation_failed", "Cannot create a user without either an email or phone");
  if (!rawEmail) throw badRequest("phone_provider_disabled", "Phone logins are disabled");
  const email = validEmail(rawEmail);
  if (await findUserByEmail(c.backend.db, email)) {
    throw unprocessable(
      "email_exists",
      "A user with this email address has already been registered",
    );
  }
  const password = optionalStr(p, "password");
  if (password) checkPasswordStrength(c.backend.config.auth, password);
  const id = str(p, "id");
  if (id && !isUuid(id))
    throw badRequest("validation_failed", "ID must conform to the uuid v4 format");
  const passwordHash = password ? await hashPassword(password) : null;
  const ban = banUntil(p);
  const user = await c.backend.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      id: id || undefined,
      email,
      passwordHash,
      userMetadata: object(p, "user_metadata") ?? {},
      appMetadata: { ...emailAppMetadata(), ...(object(p, "app_metadata") ?? {}) },
      confirmed: bool(p, "email_confirm", false),
      role: str(p, "role") || undefined,
    });
    if (ban !== undefined)
      await tx.query("update auth.users set banned_until = $2 where id = $1", [created.id, ban]);
    return userJson(tx, (await findUserById(tx, created.id)) as UserRow);
  });
  return json(user);
}

/** GET /admin/users?page=&per_page=: newest first, with GoTrue's Link and X-Total-Count headers. */
export async function listUsers(c: AuthContext): Promise<Response> {
  const q = c.url.searchParams;
  const parse = (name: string, fallback: number) => {
    const raw = q.get(name);
    if (!raw) return fallback;
    if (!/^\d+$/.test(raw))
      throw badRequest(
        "validation_failed",
        `Bad Pagination Parameters: strconv.ParseUint: parsing "${raw}": invalid syntax`,
      );
    return Number(raw);
  };
  const page = Math.max(parse("page", 1), 1);
  const perPage = Math.max(parse("per_page", 50), 1);
  const db = c.backend.db;
  const total = (
    await db.query<{ n: number }>(
      "select count(*)::int as n from auth.users where deleted_at is null",
    )
  ).rows[0].n;
  const rows = (
    await db.query<UserRow>(
      "select * from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2",
      [perPage, (page - 1) * perPage],
    )
  ).rows;
  const users = [];
  for (const row of rows) users.push(await userJson(db, row));

  const pages = Math.ceil(total / perPage);
  // As GoTrue behind the gateway writes it: its own path, query keys sorted (Go's url.Values.Encode).
  const link = (n: number) => {
    const query = new URLSearchParams(c.url.searchParams);
    query.set("page", String(n));
    query.sort();
    return `</admin/users?${query.toString()}>`;
  };
  let header = pages > page ? `${link(page + 1)}; rel="next", ` : "";
  header += `${link(pages)}; rel="last"`;
  return json({ users, aud: "authenticated" }, 200, {
    link: header,
    "x-total-count": String(total),
  });
}

/** GET /admin/users/{id} */
export async function getUserById(c: AuthContext): Promise<Response> {
  const user = await loadUser(c.backend.db, c.params.id);
  return json(await userJson(c.backend.db, user));
}

const MERGE_META = (column: string) =>
  `${column} = (coalesce(${column}, '{}'::jsonb) || $2::jsonb)
     - coalesce((select array_agg(key) from jsonb_each($2::jsonb) where value = 'null'::jsonb), '{}'::text[])`;

/** PUT /admin/users/{id}: email, password, confirmation, metadata (merged), role, ban. */
export async function updateUserById(c: AuthContext): Promise<Response> {
  const db = c.backend.db;
  const user = await loadUser(db, c.params.id);
  const p = await readParams(c.req);
  const rawEmail = str(p, "email");
  const email = rawEmail ? validEmail(rawEmail) : "";
  if (email && email !== user.email && (await findUserByEmail(db, email))) {
    throw unprocessable(
      "email_exists",
      "A user with this email address has already been registered",
    );
  }
  const password = optionalStr(p, "password");
  if (password) checkPasswordStrength(c.backend.config.auth, password);
  const passwordHash = password ? await hashPassword(password) : null;
  const userMeta = object(p, "user_metadata");
  const appMeta = object(p, "app_metadata");
  const role = str(p, "role");
  const ban = banUntil(p);
  const confirm = bool(p, "email_confirm", false);
  const body = await db.transaction(async (tx) => {
    const id = user.id;
    if (email && email !== user.email) {
      await tx.query("update auth.users set email = $2, email_change = '' where id = $1", [
        id,
        email,
      ]);
      await tx.query(
        "update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1 and provider = 'email'",
        [id, email],
      );
    }
    if (passwordHash)
      await tx.query("update auth.users set encrypted_password = $2 where id = $1", [
        id,
        passwordHash,
      ]);
    if (confirm)
      await tx.query(
        "update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1",
        [id],
      );
    if (userMeta)
      await tx.query(`update auth.users set ${MERGE_META("raw_user_meta_data")} where id = $1`, [
        id,
        JSON.stringify(userMeta),
      ]);
    if (appMeta)
      await tx.query(`update auth.users set ${MERGE_META("raw_app_meta_data")} where id = $1`, [
        id,
        JSON.stringify(appMeta),
      ]);
    if (role) await tx.query("update auth.users set role = $2 where id = $1", [id, role]);
    if (ban !== undefined)
      await tx.query("update auth.users set banned_until = $2 where id = $1", [id, ban]);
    await tx.query("update auth.users set updated_at = now() where id = $1", [id]);
    return userJson(tx, (await findUserById(tx, id)) as UserRow);
  });
  return json(body);
}

/** DELETE /admin/users/{id}: removes the user, or with should_soft_delete keeps an anonymised row. */
export async function deleteUser(c: AuthContext): Promise<Response> {
  const db = c.backend.db;
  const user = await loadUser(db, c.params.id);
  const p = await readParams(c.req);
  if (bool(p, "should_soft_delete", false)) {
    await db.transaction(async (tx) => {
      await tx.query("delete from auth.identities where user_id = $1", [user.id]);
      await tx.query("delete from auth.sessions where user_id = $1", [user.id]);
      await tx.query(
        "update auth.users set email = null, phone = null, encrypted_password = '', deleted_at = now(), updated_at = now() where id = $1",
        [user.id],
      );
    });
  } else {
    await db.query("delete from auth.users where id = $1", [user.id]);
  }
  return json({});
}

/** GET /admin/users/{id}/factors */
export async function listFactors(c: AuthContext): Promise<Response> {
  const user = await loadUser(c.backend.db, c.params.id);
  const { rows } = await c.backend.db.query<FactorRow>(
    "select * from auth.mfa_factors where user_id = $1 order by created_at",
    [user.id],
  );
  return json(rows.map(factorJson));
}

/** DELETE /admin/users/{id}/factors/{factorId} */
export async function deleteFactor(c: AuthContext): Promise<Response> {
  const user = await loadUser(c.backend.db, c.params.id);
  const factorId = c.params.factorId;
  const { rows } = isUuid(factorId)
    ? await c.backend.db.query<FactorRow>(
        "delete from auth.mfa_factors where id = $1 and user_id = $2 returning *",
        [factorId, user.id],
      )
    : { rows: [] as FactorRow[] };
  if (!rows[0]) throw notFound("mfa_factor_not_found", "Factor not found");
  return json(factorJson(rows[0]));
}

import { randomUUID } from "node:crypto";
import type { Backend } from "../http";
import { composeMail as renderMail, type TemplateKind } from "../mail/compose";
import type { OutgoingMail } from "../mail/mailer";
import type { Queryable } from "./context";
import { otp, tokenHash } from "./secrets";
import type { UserRow } from "./users";

/** Which columns of auth.users hold each kind of emailed token (as GoTrue names them). */
const SLOTS = {
  confirmation: {
    token: "confirmation_token",
    sentAt: "confirmation_sent_at",
    type: "confirmation_token",
  },
  recovery: { token: "recovery_token", sentAt: "recovery_sent_at", type: "recovery_token" },
  email_change_new: {
    token: "email_change_token_new",
    sentAt: "email_change_sent_at",
    type: "email_change_token_new",
  },
  email_change_current: {
    token: "email_change_token_current",
    sentAt: "email_change_sent_at",
    type: "email_change_token_current",
  },
  reauthentication: {
    token: "reauthentication_token",
    sentAt: "reauthentication_sent_at",
    type: "reauthentication_token",
  },
} as const;

export type Slot = keyof typeof SLOTS;

export const PKCE_PREFIX = "pkce_";

export interface IssuedToken {
  code: string;
  /** What the link carries and the user row stores (with `pkce_` in PKCE flows). */
  token: string;
  hashedToken: string;
}

/** Stores a fresh code for `address` in the slot's columns and in auth.one_time_tokens. */
export async function issueEmailToken(
  db: Queryable,
  backend: Backend,
  user: UserRow,
  slot: Slot,
  address: string,
  pkce: boolean,
): Promise<IssuedToken> {
  const s = SLOTS[slot];
  const code = otp(backend.config.auth.email.otpLength);
  const hashedToken = tokenHash(address, code);
  const token = (pkce ? PKCE_PREFIX : "") + hashedToken;
  await db.query(
    `update auth.users set ${s.token} = $2, ${s.sentAt} = now(), updated_at = now() where id = $1`,
    [user.id, token],
  );
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
       created_at = now(), updated_at = now()`,
    [randomUUID(), user.id, s.type, token, address],
  );
  return { code, token, hashedToken };
}

export async function clearOneTimeTokens(
  db: Queryable,
  userId: string,
  ...slots: Slot[]
): Promise<void> {
  await db.query(
    "delete from auth.one_time_tokens where user_id = $1 and token_type::text = any($2)",
    [userId, slots.map((s) => SLOTS[s].type)],
  );
}

export function verifyLink(
  backend: Backend,
  token: string,
  type: string,
  redirectTo: string,
): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${backend.url}/auth/v1/verify?${q.toString()}`;
}

export interface MailExtra {
  /** The account's current address (email change mails). */
  email?: string;
  newEmail?: string;
  /** The user's metadata, `{{ .Data }}` in templates. */
  data?: Record<string, unknown> | null;
}

/** Renders the mail; the caller sends it once the transaction that stored the token has committed. */
export function composeMail(
  backend: Backend,
  kind: TemplateKind,
  to: string,
  issued: IssuedToken,
  redirectTo: string,
  extra: MailExtra = {},
): OutgoingMail {
  const { auth } = backend.config;
  return renderMail(auth.email.template, {
    kind,
    to,
    link: verifyLink(backend, issued.token, kind, redirectTo),
    code: issued.code,
    tokenHash: issued.token,
    redirectTo,
    siteUrl: auth.siteUrl,
    ...extra,
  });
}

export async function sendAll(backend: Backend, mails: OutgoingMail[]): Promise<void> {
  for (const mail of mails) await backend.mail.send(mail);
}

/**
 * The mails of an email change, as GoTrue's sendEmailChange: a link and code to the new address
 * and, when both addresses must confirm, another to the current one. `user` already carries the
 * pending change.
 */
export async function issueEmailChangeMails(
  db: Queryable,
  backend: Backend,
  user: UserRow,
  newEmail: string,
  options: { toCurrentToo: boolean; pkce: boolean; redirectTo: string },
): Promise<OutgoingMail[]> {
  const { toCurrentToo, pkce, redirectTo } = options;
  const vars = { email: user.email ?? "", newEmail, data: user.raw_user_meta_data };
  const toNew = await issueEmailToken(db, backend, user, "email_change_new", newEmail, pkce);
  const mails = [composeMail(backend, "email_change", newEmail, toNew, redirectTo, vars)];
  if (toCurrentToo && user.email) {
    const current = user.email;
    const toCurrent = await issueEmailToken(
      db,
      backend,
      user,
      "email_change_current",
      current,
      pkce,
    );
    mails.push(composeMail(backend, "email_change", current, toCurrent, redirectTo, vars));
  }
  return mails;
}

import { authErrorMessage, type AuthErrorLike } from "@/lib/auth/error-messages";

/**
 * Deleting an account, as the dialog drives it: the address typed out, then one call to the
 * `delete-account` function carrying the proof (password or mailed code, and the authenticator
 * code when there is a second factor), which the function checks with Auth itself; then this
 * device signs out. The client is handed in, so the flow runs without a browser in tests.
 */

type Answer = { error: AuthErrorLike | null };

/** The parts of supabase-js the flow calls. */
export interface DeleteAccountClient {
  auth: {
    signInWithOtp(credentials: {
      email: string;
      options: { shouldCreateUser: false };
    }): Promise<Answer>;
    signOut(options: { scope: "local" }): Promise<unknown>;
    mfa: {
      listFactors(): Promise<{
        data: { totp: { id: string; status: string }[] } | null;
        error: AuthErrorLike | null;
      }>;
    };
  };
  functions: {
    invoke(
      name: "delete-account",
      options: { method: "POST"; body: Record<string, string> },
    ): Promise<{ data: unknown; error: unknown }>;
  };
}

export interface DeleteAccountInput {
  email: string;
  /** The address as the person typed it to confirm. */
  typed: string;
  /** "code" when they confirm with a code mailed to them instead of their password. */
  method: "password" | "code";
  password: string;
  code: string;
  /** The authenticator code, when the account has a second factor. */
  totp: string;
  hasTotp: boolean;
}

export type Outcome = { ok: true } | { ok: false; error: string };

export const TYPE_EMAIL = "Type your email address exactly as shown to confirm.";
export const NOT_DELETED =
  "Your account could not be deleted just now. Nothing was lost; try again.";

/** Step 1: the address typed out, so a slip of the finger never deletes. */
export function typedEmailProblem(typed: string, email: string): string | null {
  return typed.trim().toLowerCase() === email.toLowerCase() ? null : TYPE_EMAIL;
}

/** Step 2: what goes in the request, and what is missing before it can be sent. */
export function proofOf(input: DeleteAccountInput): Record<string, string> | string {
  const proof: Record<string, string> = {};
  if (input.method === "code") {
    if (!input.code.trim()) return "Enter the code we emailed you.";
    proof.code = input.code.trim();
  } else {
    if (!input.password) return "Enter your password.";
    proof.password = input.password;
  }
  if (input.hasTotp) {
    if (!input.totp.trim()) return "Enter the code from your authenticator app.";
    proof.totp = input.totp.trim();
  }
  return proof;
}

/**
 * The function answers refusals as JSON `{ code, message }` in plain words for the person; those are
 * shown as they are. Anything else (no answer, a 5xx) gets the reassurance that nothing was lost.
 */
export async function refusalMessage(error: unknown): Promise<string> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return NOT_DELETED;
  if (context.status >= 500) return NOT_DELETED;
  const body = (await context.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === "string" ? body.message : NOT_DELETED;
}

/** Steps 1 to 4: confirm, prove, delete, sign this device out. */
export async function deleteAccount(
  client: DeleteAccountClient,
  input: DeleteAccountInput,
): Promise<Outcome> {
  const typo = typedEmailProblem(input.typed, input.email);
  if (typo) return { ok: false, error: typo };
  const proof = proofOf(input);
  if (typeof proof === "string") return { ok: false, error: proof };
  const { error } = await client.functions.invoke("delete-account", {
    method: "POST",
    body: proof,
  });
  if (error) return { ok: false, error: await refusalMessage(error) };
  // The account and its sessions are gone on the server; this device forgets its copy.
  await client.auth.signOut({ scope: "local" }).catch(() => undefined);
  return { ok: true };
}

/** Mails a sign-in code to the person's address, for confirming without a password. */
export async function sendDeleteCode(client: DeleteAccountClient, email: string): Promise<Outcome> {
  const { error } = await client.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false },
  });
  return error ? { ok: false, error: authErrorMessage(error) } : { ok: true };
}

/** Whether the account has a verified authenticator app, so the dialog asks for its code. */
export async function hasVerifiedTotp(client: DeleteAccountClient): Promise<boolean | string> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) return authErrorMessage(error);
  return (data?.totp ?? []).some((f) => f.status === "verified");
}

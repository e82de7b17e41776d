import "server-only";

import type { z } from "zod";

import { authErrorMessage } from "@/lib/auth/error-messages";
import { SESSION_ENDED, type Failure } from "@/lib/actions/failure";
import { createClient, getClaims } from "@/lib/supabase/server";

export type ServerClient = Awaited<ReturnType<typeof createClient>>;

/** What every write is handed: this request's client (RLS applies as the user) and who they are. */
export type ActionContext = { supabase: ServerClient; user: { id: string; email?: string } };

/**
 * How the user is known: the proxy's verified claims, or (for email, password and account
 * changes) a request to the auth server, which also sees revoked sessions and deleted users.
 */
export type UserCheck = "claims" | "auth-server";

/**
 * What a wrapped action answers: its own answer type when a failure already fits it (every field
 * but `error` optional, as form and button answers are), else that type or a failure.
 */
export type Answered<R> = Failure extends R ? R : R | Failure;

/** Sound by the definition above: a failure is an `Answered<R>` whatever `R` is. */
const answered = <R>(failed: Failure) => failed as Answered<R>;

async function signedIn(check: UserCheck): Promise<ActionContext | Failure> {
  const supabase = await createClient();
  if (check === "auth-server") {
    const { data, error } = await supabase.auth.getUser();
    if (!data.user) return { error: error ? authErrorMessage(error) : SESSION_ENDED };
    return { supabase, user: { id: data.user.id, email: data.user.email } };
  }
  const claims = await getClaims();
  if (!claims?.sub) return { error: SESSION_ENDED };
  const email = typeof claims.email === "string" ? claims.email : undefined;
  return { supabase, user: { id: claims.sub, email } };
}

/**
 * Hands `action` the signed-in user and their client, or answers for it when nobody is signed in.
 * For actions whose input is already parsed (forms: see `validatedAction`).
 */
export function withUser<I, R>(
  action: (input: I, context: ActionContext) => Promise<R>,
  check: UserCheck = "claims",
): (input: I) => Promise<Answered<R>> {
  return async (input) => {
    const context = await signedIn(check);
    if ("error" in context) return answered<R>(context);
    return (await action(input, context)) as Answered<R>;
  };
}

/**
 * A server action called with arguments (buttons, menus): the arguments are parsed by `schema`, a
 * tuple, before anything else, because a forged call can send anything; input that does not parse
 * is answered with `invalid`. Then as `withUser`.
 */
export function userAction<S extends z.ZodType<unknown[], unknown[]>, R>(
  schema: S,
  action: (input: z.output<S>, context: ActionContext) => Promise<R>,
  { invalid = "That request could not be read.", check = "claims" as UserCheck } = {},
): (...args: z.input<S>) => Promise<Answered<R>> {
  const run = withUser(action, check);
  return async (...args) => {
    const parsed = schema.safeParse(args);
    if (!parsed.success) return answered<R>({ error: invalid });
    return run(parsed.data);
  };
}

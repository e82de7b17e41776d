import type { z } from "zod";

import { fieldErrors } from "@/lib/auth/schemas";

/** What every auth form's server action answers, for `useActionState`. */
export type ActionState = {
  error?: string;
  message?: string;
  fields?: Record<string, string>;
  /** Seconds before the same request may be sent again (rate limits, resend). */
  retryAfter?: number;
  /** The values sent, so a failed submit keeps what was typed. */
  values?: Record<string, string>;
};

/** A form's server action as a component receives it: pages pass lib/<feature>/actions.ts down. */
export type FormAction = (previous: ActionState, formData: FormData) => Promise<ActionState>;

/**
 * Wraps a server action once: reads the FormData, validates it with the schema, and only then
 * calls the action with typed input. Validation failures never reach the auth server.
 */
export function validatedAction<S extends z.ZodType>(
  schema: S,
  action: (input: z.output<S>, formData: FormData) => Promise<ActionState>,
) {
  return async (_previous: ActionState, formData: FormData): Promise<ActionState> => {
    // A forged call can pass anything as the form; only a real one reaches the schema.
    if (!(formData instanceof FormData)) return { error: "That request could not be read." };
    const values: Record<string, string> = {};
    for (const [key, value] of formData) {
      if (typeof value === "string" && !/password|confirm/i.test(key)) values[key] = value;
    }
    const parsed = schema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return { fields: fieldErrors(parsed.error), values };
    const result = await action(parsed.data, formData);
    return { values, ...result };
  };
}

/**
 * The same schema checked in the browser first: a form with mistakes gets its messages at once,
 * without a round trip, and the server action still validates whatever reaches it.
 */
export function checkedInBrowser<S extends z.ZodType>(
  schema: S,
  action: (previous: ActionState, formData: FormData) => Promise<ActionState>,
) {
  return async (previous: ActionState, formData: FormData): Promise<ActionState> => {
    const parsed = schema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      const values: Record<string, string> = {};
      for (const [key, value] of formData) {
        if (typeof value === "string" && !/password|confirm/i.test(key)) values[key] = value;
      }
      return { fields: fieldErrors(parsed.error), values };
    }
    return action(previous, formData);
  };
}

import { z } from "zod";

import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password-rules";

export { MIN_PASSWORD_LENGTH, PASSWORD_RULES } from "@/lib/auth/password-rules";

// These schemas also run in the browser, whose Content-Security-Policy forbids eval. Zod would probe
// for it with `new Function` (a reported violation) to compile fast object parsers that forms don't need.
z.config({ jitless: true });

/**
 * The auth server's own rules (lib/auth/password-rules), checked in the form before anything is
 * sent. Control characters are refused here too: they cannot be typed, so one in a password is a
 * paste accident or a forged request.
 */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "Enter a valid email address." }));

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `Use at least ${MIN_PASSWORD_LENGTH} characters.` })
  .max(72, { error: "Use at most 72 characters." })
  .regex(/[a-zA-Z]/, { error: "Add at least one letter." })
  .regex(/[0-9]/, { error: "Add at least one digit." })
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), {
    error: "Use only characters you can type: no control characters.",
  });

export const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: "Enter the 6-digit code." });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: "Enter your password." }),
});

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  next: z.string().optional(),
});

export const emailOnlySchema = z.object({ email: emailSchema, next: z.string().optional() });

export const verifyCodeSchema = z.object({ email: emailSchema, code: codeSchema });

export const newPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, {
    error: "The passwords don't match.",
    path: ["confirm"],
  });

export const changeEmailSchema = z.object({ email: emailSchema });

/** The first error of each field, for showing next to it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

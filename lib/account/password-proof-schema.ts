import { z } from "zod";

/**
 * The proof a password change carries beside the new password: the current one, or the code Auth
 * mails for reauthentication (GoTrue's `nonce`) for people who have no password.
 */
export const passwordProofSchema = z.object({
  /** "code" when the person said they have no password and asked for a mailed code instead. */
  proof: z.enum(["password", "code"]).catch("password"),
  current_password: z.string().max(1024).catch(""),
  code: z.string().trim().max(32).catch(""),
});
export type PasswordProof = z.output<typeof passwordProofSchema>;

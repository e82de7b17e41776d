/**
 * The auth server's password rules (supabase/config.toml: minimum_password_length,
 * password_requirements = "letters_digits"), in a module of their own so a form can show them
 * without loading the validation library.
 */
export const MIN_PASSWORD_LENGTH = 12;
export const PASSWORD_RULES = `At least ${MIN_PASSWORD_LENGTH} characters, with letters and digits.`;

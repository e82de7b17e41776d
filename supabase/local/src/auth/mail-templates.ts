/** The default templates of Supabase's auth server, with the link and the 6-digit code filled in. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export type TemplateKind =
  "signup" | "invite" | "magiclink" | "recovery" | "email_change" | "reauthentication";

export interface TemplateData {
  link: string;
  code: string;
  siteUrl: string;
  email: string;
  newEmail: string;
}

const escape = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

function page(
  title: string,
  intro: string,
  action: string | null,
  d: TemplateData,
  withCode: boolean,
): MailContent {
  const parts = [`<h2>${escape(title)}</h2>`, `<p>${escape(intro)}</p>`];
  const lines = [title, "", intro];
  if (action) {
    parts.push(`<p><a href="${escape(d.link)}">${escape(action)}</a></p>`);
    lines.push(`${action}: ${d.link}`);
  }
  if (withCode) {
    parts.push(`<p>Alternatively, enter the code: <strong>${escape(d.code)}</strong></p>`);
    lines.push("", `Alternatively, enter the code: ${d.code}`);
  }
  return { subject: "", html: parts.join("\n"), text: lines.join("\n") };
}

export function renderTemplate(kind: TemplateKind, d: TemplateData): MailContent {
  switch (kind) {
    case "signup":
      return {
        ...page(
          "Confirm your signup",
          "Follow this link to confirm your user:",
          "Confirm your mail",
          d,
          true,
        ),
        subject: "Confirm Your Signup",
      };
    case "invite":
      return {
        ...page(
          "You have been invited",
          `You have been invited to create a user on ${d.siteUrl}. Follow this link to accept the invite:`,
          "Accept the invite",
          d,
          true,
        ),
        subject: "You have been invited",
      };
    case "magiclink":
      return {
        ...page("Magic Link", "Follow this link to login:", "Log In", d, true),
        subject: "Your Magic Link",
      };
    case "recovery":
      return {
        ...page(
          "Reset Password",
          "Follow this link to reset the password for your user:",
          "Reset Password",
          d,
          true,
        ),
        subject: "Reset Your Password",
      };
    case "email_change":
      return {
        ...page(
          "Confirm Change of Email",
          `Follow this link to confirm the update of your email from ${d.email} to ${d.newEmail}:`,
          "Change Email",
          d,
          true,
        ),
        subject: "Confirm Email Change",
      };
    case "reauthentication":
      return {
        ...page(
          "Confirm reauthentication",
          "Enter the code below to confirm it is you.",
          null,
          d,
          true,
        ),
        subject: "Confirm Reauthentication",
      };
  }
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code =
        name[1] === "x" || name[1] === "X"
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The plain-text part of a configured HTML mail: its words, with each link's address after its label. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(
      /<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi,
      (_all, _q, dq?: string, sq?: string, label = "") => {
        const href = decodeEntities(dq ?? sq ?? "");
        const words = label.replace(/<[^>]*>/g, "").trim();
        return words && decodeEntities(words) !== href ? `${words}: ${href}` : href;
      },
    )
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|h[1-6]|li|tr|table|section|header|footer|blockquote)\s*>/gi, "\n\n")
    .replace(/<li\b[^>]*>/gi, "- ")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/[ \t\r\f\v]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

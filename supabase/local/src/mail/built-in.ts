import { escapeHtml } from "./escape-html";

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

function page(
  title: string,
  intro: string,
  action: string | null,
  d: TemplateData,
  withCode: boolean,
): MailContent {
  const parts = [`<h2>${escapeHtml(title)}</h2>`, `<p>${escapeHtml(intro)}</p>`];
  const lines = [title, "", intro];
  if (action) {
    parts.push(`<p><a href="${escapeHtml(d.link)}">${escapeHtml(action)}</a></p>`);
    lines.push(`${action}: ${d.link}`);
  }
  if (withCode) {
    parts.push(`<p>Alternatively, enter the code: <strong>${escapeHtml(d.code)}</strong></p>`);
    lines.push("", `Alternatively, enter the code: ${d.code}`);
  }
  return { subject: "", html: parts.join("\n"), text: lines.join("\n") };
}

/** The mail GoTrue sends of each kind when the project configures no template for it. */
export function renderBuiltIn(kind: TemplateKind, d: TemplateData): MailContent {
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

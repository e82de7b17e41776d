import type { EmailNotificationType, EmailTemplateConfig, EmailTemplateType } from "../auth/config";
import { renderBuiltIn, type MailContent, type TemplateKind } from "./built-in";
import { htmlToText } from "./html-to-text";
import type { OutgoingMail } from "./mailer";
import { compileTemplate, type Template } from "./template";

export type { TemplateKind } from "./built-in";

/** Which `[auth.email.template.<type>]` each mail uses, as GoTrue picks them (OTP sign-in is magic_link). */
const TEMPLATE_TYPE: Record<TemplateKind, EmailTemplateType> = {
  signup: "confirmation",
  invite: "invite",
  magiclink: "magic_link",
  recovery: "recovery",
  email_change: "email_change",
  reauthentication: "reauthentication",
};

const compiled = new WeakMap<
  EmailTemplateConfig,
  { subject: Template | null; body: Template | null }
>();

function templatesOf(config: EmailTemplateConfig) {
  let entry = compiled.get(config);
  if (!entry) {
    entry = {
      subject: config.subject === null ? null : compileTemplate(config.subject),
      body: config.content === null ? null : compileTemplate(config.content),
    };
    compiled.set(config, entry);
  }
  return entry;
}

/** What the auth server decided to send; the mail itself is made here. */
export interface MailRequest {
  kind: TemplateKind;
  to: string;
  link: string;
  code: string;
  /** The token the link carries, `{{ .TokenHash }}`. */
  tokenHash: string;
  redirectTo: string;
  siteUrl: string;
  /** The account's current address (email change mails). */
  email?: string;
  newEmail?: string;
  /** The user's metadata, `{{ .Data }}` in templates. */
  data?: Record<string, unknown> | null;
}

/** Renders a mail from the project's template for its kind, or GoTrue's built-in one. */
export function composeMail(
  templates: Partial<Record<EmailTemplateType, EmailTemplateConfig>>,
  r: MailRequest,
): OutgoingMail {
  const email = r.email ?? r.to;
  const newEmail = r.newEmail ?? r.to;
  const builtIn = renderBuiltIn(r.kind, {
    link: r.link,
    code: r.code,
    siteUrl: r.siteUrl,
    email,
    newEmail,
  });
  const configured = templates[TEMPLATE_TYPE[r.kind]];
  if (!configured) return { to: [r.to], ...builtIn };

  // The variables GoTrue gives each template; reauthentication has no link.
  const data = r.data ?? {};
  const vars: Record<string, unknown> =
    r.kind === "reauthentication"
      ? { SiteURL: r.siteUrl, Email: email, Token: r.code, Data: data }
      : {
          SiteURL: r.siteUrl,
          ConfirmationURL: r.link,
          Email: email,
          Token: r.code,
          TokenHash: r.tokenHash,
          Data: data,
          RedirectTo: r.redirectTo,
        };
  if (r.kind === "email_change") Object.assign(vars, { NewEmail: newEmail, SendingTo: r.to });

  const { subject, body } = templatesOf(configured);
  const content: MailContent = { ...builtIn };
  if (subject) content.subject = subject.render(vars);
  if (body) {
    content.html = body.render(vars);
    content.text = htmlToText(content.html);
  }
  return { to: [r.to], ...content };
}

/** GoTrue's built-in notices (internal/mailer/templatemailer/templatemailer.go), subject and body. */
const BUILT_IN_NOTICES: Record<EmailNotificationType, { subject: string; html: string }> = {
  password_changed: {
    subject: "Your password was changed",
    html: [
      "<h2>Your password was changed</h2>",
      "",
      "<p>The password for your account was recently changed.</p>",
      "<p>If you didn't make this change, reset your password and contact support immediately.</p>",
      "",
    ].join("\n"),
  },
};

/** What a notice tells: GoTrue's PasswordChangedNotificationMail gives `SiteURL`, `Email`, `Data`. */
export interface NoticeRequest {
  kind: EmailNotificationType;
  to: string;
  siteUrl: string;
  data?: Record<string, unknown> | null;
}

/** Renders a security notice from the project's template, or GoTrue's built-in one. */
export function composeNotice(config: EmailTemplateConfig, r: NoticeRequest): OutgoingMail {
  const vars = { SiteURL: r.siteUrl, Email: r.to, Data: r.data ?? {} };
  const { subject, body } = templatesOf(config);
  const builtIn = BUILT_IN_NOTICES[r.kind];
  const html = body ? body.render(vars) : builtIn.html;
  return {
    to: [r.to],
    subject: subject ? subject.render(vars) : builtIn.subject,
    html,
    text: htmlToText(html),
  };
}

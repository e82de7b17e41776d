import { escapeHtml as escapeAs } from "../mail/escape-html";
import { decodeEntities } from "../mail/html-to-text";
import type { MailMessage } from "../mail/mailer";

const escapeHtml = (value: string) => escapeAs(value, "numeric");

/** The page's own styles only; no script runs on inbox pages. */
const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0 auto; max-width: 64rem; padding: 1.5rem; }
a { color: LinkText; }
a:focus-visible { outline: 3px solid Highlight; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid GrayText; vertical-align: top; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
iframe { width: 100%; min-height: 32rem; border: 1px solid GrayText; border-radius: .375rem; background: white; }
pre { white-space: pre-wrap; word-break: break-word; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

function time(iso: string): string {
  const shown = iso.replace("T", " ").replace(/\.\d+Z$/, " UTC");
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(shown)}</time>`;
}

/** The base of every inbox link: the inbox is served at the root of its own port. */
export const INBOX_PATH = "";

export function listPage(messages: MailMessage[], to: string | null): string {
  const heading = to ? `Mail to ${to}` : "Local inbox";
  const rows = messages
    .map(
      (m) => `<tr>
<td>${escapeHtml(m.to.join(", "))}</td>
<td><a href="${INBOX_PATH}/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || "(no subject)")}</a></td>
<td>${time(m.createdAt)}</td>
</tr>`,
    )
    .join("\n");
  const content = messages.length
    ? `<table>
<caption class="visually-hidden">Messages, newest first</caption>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : `<p>No mail yet. Messages the auth server sends (sign-up confirmations, magic links, codes, password recovery) appear here.</p>`;
  return page(
    heading,
    `<header>
<h1>${escapeHtml(heading)}</h1>
<p>Every message the local backend sends lands here instead of a real mailbox. ${
      to ? `<a href="${INBOX_PATH}/">Show all mail</a> · ` : ""
    }<a href="${INBOX_PATH}/${to ? `?to=${encodeURIComponent(to)}` : ""}">Refresh</a></p>
</header>
<main>
${content}
</main>`,
  );
}

/** Links found in the message, listed as plain links so they work without the framed view. */
export function linksIn(message: MailMessage): string[] {
  const found = new Set<string>();
  for (const m of message.html.matchAll(/href\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    found.add(decodeEntities(m[2] ?? m[3]));
  }
  for (const m of message.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) found.add(m[0]);
  return [...found].filter((href) => /^https?:\/\//i.test(href));
}

/**
 * One message. Its HTML is shown in a sandboxed frame without scripts or access to this origin;
 * its links open in a new tab, outside the sandbox, so confirmation links work as in a mail client.
 */
export function messagePage(message: MailMessage): string {
  const framed = `<base target="_blank">${message.html}`;
  const links = linksIn(message);
  return page(
    message.subject || "(no subject)",
    `<nav aria-label="Inbox"><a href="${INBOX_PATH}/">← Back to the inbox</a></nav>
<main>
<h1>${escapeHtml(message.subject || "(no subject)")}</h1>
<dl>
<dt>To</dt><dd>${escapeHtml(message.to.join(", "))}</dd>
<dt>Received</dt><dd>${time(message.createdAt)}</dd>
</dl>
${
  message.html
    ? `<iframe title="Message body" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(framed)}"></iframe>`
    : ""
}
${
  links.length
    ? `<section aria-labelledby="links-heading"><h2 id="links-heading">Links in this message</h2><ul>${links
        .map((href) => `<li><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>`)
        .join("")}</ul></section>`
    : ""
}
<section aria-labelledby="text-heading"><h2 id="text-heading">Plain text</h2><pre>${escapeHtml(message.text)}</pre></section>
</main>`,
  );
}

export function notFoundPage(): string {
  return page(
    "Message not found",
    `<main><h1>Message not found</h1><p><a href="${INBOX_PATH}/">Back to the inbox</a></p></main>`,
  );
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { compileTemplate, TemplateError } from "@groundwork/local-backend/mail-templates";
import { htmlToText } from "@groundwork/local-backend/mail-templates";
import { ConfigError, loadConfig } from "@groundwork/local-backend/config";

const render = (src: string, data: Record<string, unknown> = {}) =>
  compileTemplate(src).render(data);

describe("mail template renderer", () => {
  it("substitutes variables and nested metadata, missing ones as nothing", () => {
    expect(
      render("Hi {{ .Email }}, {{.Data.name}}{{ .Missing }}{{ .Data.none.deeper }}!", {
        Email: "a@b.c",
        Data: { name: "Ada" },
      }),
    ).toBe("Hi a@b.c, Ada!");
    expect(render("{{ .Data }}", { Data: { b: 2, a: "x" } })).toBe("map[a:x b:2]");
  });

  it("escapes values in text and attributes as html/template does", () => {
    expect(render("<p>{{ .X }}</p>", { X: `<b>"Tom" & 'Jo' +1</b>` })).toBe(
      "<p>&lt;b&gt;&#34;Tom&#34; &amp; &#39;Jo&#39; &#43;1&lt;/b&gt;</p>",
    );
    expect(render(`<p title="{{ .X }}">`, { X: `"><script>` })).toBe(
      `<p title="&#34;&gt;&lt;script&gt;">`,
    );
  });

  it("escapes URL attributes by where the value lands", () => {
    const data = {
      SiteURL: "https://app.example",
      TokenHash: "pkce_ab12",
      RedirectTo: "https://app.example/auth/callback?next=%2Fa&b=c d",
    };
    expect(
      render(
        `<a href="{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=email&next={{ .RedirectTo }}">`,
        data,
      ),
    ).toBe(
      `<a href="https://app.example/auth/confirm?token_hash=pkce_ab12&type=email&next=https%3a%2f%2fapp.example%2fauth%2fcallback%3fnext%3d%252Fa%26b%3dc%20d">`,
    );
    // At the start of a URL only http, https and mailto pass; before the query the URL is normalised.
    expect(render(`<a href="{{ .U }}">`, { U: "javascript:alert(1)" })).toBe(
      `<a href="#ZgotmplZ">`,
    );
    expect(render(`<a href="{{ .U }}">`, { U: "https://x.example/a b?q=1&r=%41" })).toBe(
      `<a href="https://x.example/a%20b?q=1&amp;r=%41">`,
    );
    expect(render(`<a href='/p/{{ .U }}'>`, { U: "a/b c" })).toBe(`<a href='/p/a/b%20c'>`);
    // Outside attributes a URL is plain text.
    expect(render(`<p>{{ .U }}</p>`, { U: "https://x.example/?a=1&b=2" })).toBe(
      "<p>https://x.example/?a=1&amp;b=2</p>",
    );
  });

  it("takes if / else if / else branches with not, eq, ne, and, or", () => {
    const t = `{{ if eq .Data.plan "pro" }}pro{{ else if and .Data.trial (not .Data.expired) }}trial{{ else }}free{{ end }}`;
    expect(render(t, { Data: { plan: "pro" } })).toBe("pro");
    expect(render(t, { Data: { trial: true } })).toBe("trial");
    expect(render(t, { Data: { trial: true, expired: true } })).toBe("free");
    expect(
      render(`{{ if ne .A .B }}differ{{ end }}{{ if or .C .A }}-or{{ end }}`, { A: "x", B: "y" }),
    ).toBe("differ-or");
    expect(render(`{{ if .Data }}has{{ else }}empty{{ end }}`, { Data: {} })).toBe("empty");
  });

  it("trims around {{- and -}} and drops comments", () => {
    expect(render("a  {{- .X -}}  b {{/* note */}}c", { X: 1 })).toBe("a1b c");
  });

  it("refuses what it cannot render, with the line", () => {
    expect(() => compileTemplate("ok\n{{ range .Data }}x{{ end }}")).toThrow(
      /line 2: "range" is not supported/,
    );
    expect(() => compileTemplate("{{ if .A }}open")).toThrow(TemplateError);
    expect(() => compileTemplate("{{ .A ")).toThrow(/unclosed action/);
    expect(() => compileTemplate("{{ end }}")).toThrow(/"end" without "if"/);
    expect(() => compileTemplate("{{ printf .A }}")).toThrow(/not supported/);
  });

  it("makes a text part with each link's address and the code", () => {
    const text = htmlToText(
      `<html><head><title>T</title><style>p{}</style></head><body><h1>Confirm</h1><p>Use <a href="https://x.example/c?a=1&amp;b=2">this link</a>.</p><p>Code:<br><strong>123456</strong></p></body></html>`,
    );
    expect(text).toBe("Confirm\n\nUse this link: https://x.example/c?a=1&b=2.\n\nCode:\n123456");
  });
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with supabase/config.toml and the given files (paths relative to the project). */
function project(toml: string, files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), "email-templates-"));
  dirs.push(root);
  mkdirSync(path.join(root, "supabase"));
  writeFileSync(path.join(root, "supabase", "config.toml"), toml);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return path.join(root, "supabase");
}

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

describe("[auth.email.template.<type>] in config.toml", () => {
  const toml = `[auth]
site_url = "http://localhost:3000"

[auth.email.template.confirmation]
subject = "Confirm {{ .Email }}"
content_path = "./supabase/templates/confirmation.html"

[auth.email.template.magic_link]
content_path = "supabase/templates/magic.html"
`;

  it("reads subject and content_path, relative to the project root", () => {
    const dir = project(toml, {
      "supabase/templates/confirmation.html": "<a href='{{ .ConfirmationURL }}'>Confirm</a>",
      "supabase/templates/magic.html": "{{ .Token }}",
    });
    const t = loadConfig({ supabaseDir: dir, env: {} }).auth.email.template;
    expect(t.confirmation).toEqual({
      subject: "Confirm {{ .Email }}",
      contentPath: path.join(path.dirname(dir), "supabase", "templates", "confirmation.html"),
      content: "<a href='{{ .ConfirmationURL }}'>Confirm</a>",
    });
    expect(t.magic_link).toMatchObject({ subject: null, content: "{{ .Token }}" });
    expect(t.recovery).toBeUndefined();
    expect(t.invite).toBeUndefined();
  });

  it("takes a subject from SUPABASE_AUTH_EMAIL_TEMPLATE_<TYPE>_SUBJECT, and can be switched off", () => {
    const dir = project(toml, {
      "supabase/templates/confirmation.html": "x",
      "supabase/templates/magic.html": "y",
    });
    const env = { SUPABASE_AUTH_EMAIL_TEMPLATE_RECOVERY_SUBJECT: "Reset {{ .Email }}" };
    expect(loadConfig({ supabaseDir: dir, env }).auth.email.template.recovery).toEqual({
      subject: "Reset {{ .Email }}",
      contentPath: null,
      content: null,
    });
    expect(
      loadConfig({ supabaseDir: dir, env: { SUPABASE_LOCAL_EMAIL_TEMPLATES: "off" } }).auth.email
        .template,
    ).toEqual({});
  });

  it("stops start-up naming a template file that is missing", () => {
    const dir = project(toml, { "supabase/templates/confirmation.html": "x" });
    const missing = path.join(path.dirname(dir), "supabase", "templates", "magic.html");
    const err = errorOf(() => loadConfig({ supabaseDir: dir, env: {} }));
    expect(err.message).toBe(
      `${path.join(dir, "config.toml")}:9: auth.email.template.magic_link.content_path: cannot read the magic_link mail template ${missing} (no such file)`,
    );
  });

  it("stops start-up on a template that does not parse, or a value of the wrong type", () => {
    const dir = project(toml, {
      "supabase/templates/confirmation.html": "<p>\n{{ if .Email }}never closed</p>",
      "supabase/templates/magic.html": "y",
    });
    expect(errorOf(() => loadConfig({ supabaseDir: dir, env: {} })).message).toMatch(
      /config\.toml:6: auth\.email\.template\.confirmation\.content_path: .*confirmation\.html is not a valid template: line 2: "if" without "end"$/,
    );
    const typed = project(`[auth.email.template.invite]\nsubject = 3\n`);
    expect(errorOf(() => loadConfig({ supabaseDir: typed, env: {} })).message).toMatch(
      /:2: auth\.email\.template\.invite\.subject must be a string, got 3$/,
    );
  });
});

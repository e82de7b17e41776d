import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@groundwork/local-backend/config";

const roots: string[] = [];
afterEach(() => {
  for (const dir of roots.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with supabase/config.toml and the given files (paths relative to the project). */
function project(toml: string, files: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), "notifications-"));
  roots.push(root);
  mkdirSync(path.join(root, "supabase", "templates"), { recursive: true });
  writeFileSync(path.join(root, "supabase", "config.toml"), toml);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return path.join(root, "supabase");
}

const notice = (enabled: boolean) => `
[auth.email.notification.password_changed]
enabled = ${enabled}
subject = "Your password was changed"
content_path = "./supabase/templates/password_changed_notification.html"
`;

describe("[auth.email.notification.password_changed], as the CLI reads it", () => {
  it("is on with its subject and template when enabled = true", () => {
    const dir = project(notice(true), {
      "supabase/templates/password_changed_notification.html": "<p>{{ .Email }}</p>",
    });
    const config = loadConfig({ supabaseDir: dir, env: {} });
    expect(config.auth.email.notification.password_changed).toEqual({
      subject: "Your password was changed",
      contentPath: path.join(dir, "templates", "password_changed_notification.html"),
      content: "<p>{{ .Email }}</p>",
    });
    expect(config.unapplied).toEqual([]);
  });

  it("is off, and its template unread, when enabled = false or the table is absent", () => {
    const off = loadConfig({ supabaseDir: project(notice(false)), env: {} });
    expect(off.auth.email.notification).toEqual({});
    expect(off.unapplied).toEqual([]);
    expect(loadConfig({ supabaseDir: project(""), env: {} }).auth.email.notification).toEqual({});
  });

  it("stops start-up naming a template that is missing", () => {
    expect(() => loadConfig({ supabaseDir: project(notice(true)), env: {} })).toThrow(ConfigError);
  });

  it("takes GoTrue's GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD, off by default", () => {
    const dir = project("");
    expect(loadConfig({ supabaseDir: dir, env: {} }).auth.email.requireCurrentPassword).toBe(false);
    const on = { GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: "true" };
    expect(loadConfig({ supabaseDir: dir, env: on }).auth.email.requireCurrentPassword).toBe(true);
  });

  it("this project's own config.toml turns it on, with secure_password_change", () => {
    const config = loadConfig({ supabaseDir: path.resolve("supabase"), env: {} });
    expect(config.auth.email.securePasswordChange).toBe(true);
    expect(config.auth.email.notification.password_changed?.subject).toBe(
      "Your Groundwork password was changed",
    );
  });
});

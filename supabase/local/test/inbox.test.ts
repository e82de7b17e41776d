import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatStatus, type MailMessage } from "@groundwork/local-backend";
import { startTestBackend, type TestBackend } from "./support/local-backend";

const dataDir = mkdtempSync(path.join(tmpdir(), "inbox-test-"));
let t: TestBackend;

beforeAll(async () => {
  t = await startTestBackend({ keepDataDir: dataDir });
  const mail = t.backend.mail;
  await mail.send({
    to: ["alice@example.com"],
    subject: "Confirm your signup",
    html: `<h2>Confirm your signup</h2><p><a href="${t.url}/auth/v1/verify?token=abc&amp;type=signup">Confirm your mail</a></p>`,
    text: `Confirm: ${t.url}/auth/v1/verify?token=abc&type=signup`,
  });
  await new Promise((r) => setTimeout(r, 5));
  await mail.send({
    to: ["Bob@Example.com"],
    subject: "Your code",
    html: "<p>Code: 123456</p>",
    text: "Code: 123456",
  });
  await new Promise((r) => setTimeout(r, 5));
  await mail.send({
    to: ["alice@example.com"],
    subject: `<script>alert("x")</script> Reset`,
    html: `<script>parent.document.body.innerHTML = "owned"</script><a href="https://example.test/reset?a=1&amp;b=2">Reset</a>`,
    text: "Reset your password",
  });
});

afterAll(async () => {
  await t?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = async (query = "") => {
  const res = await fetch(`${t.inboxUrl}/api/messages${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  return (await res.json()) as MailMessage[];
};

describe("inbox JSON API", () => {
  it("lists every message newest first", async () => {
    const messages = await api();
    expect(messages.map((m) => m.subject)).toEqual([
      `<script>alert("x")</script> Reset`,
      "Your code",
      "Confirm your signup",
    ]);
    expect(messages[2]).toMatchObject({
      to: ["alice@example.com"],
      text: expect.stringContaining("/auth/v1/verify"),
    });
    expect(Date.parse(messages[0].createdAt)).toBeGreaterThanOrEqual(
      Date.parse(messages[2].createdAt),
    );
  });

  it("filters by recipient, ignoring case", async () => {
    expect((await api("?to=bob@example.com")).map((m) => m.subject)).toEqual(["Your code"]);
    expect(await api("?to=alice@example.com")).toHaveLength(2);
    expect(await api("?to=nobody@example.com")).toEqual([]);
  });

  it("gives one message by id and 404 for an unknown one", async () => {
    const [latest] = await api();
    const res = await fetch(`${t.inboxUrl}/api/messages/${latest.id}`);
    expect(await res.json()).toEqual(latest);
    expect(
      (await fetch(`${t.inboxUrl}/api/messages/00000000-0000-0000-0000-000000000000`)).status,
    ).toBe(404);
    expect((await fetch(`${t.inboxUrl}/api/messages/not-an-id`)).status).toBe(404);
  });

  it("is read-only", async () => {
    expect((await fetch(`${t.inboxUrl}/api/messages`, { method: "DELETE" })).status).toBe(405);
  });
});

describe("inbox pages", () => {
  it("lists to, subject and time with a link to each message, escaped", async () => {
    const res = await fetch(`${t.inboxUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toContain('<th scope="col">Subject</th>');
    expect(page).toContain("alice@example.com");
    expect(page).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
    expect(page).not.toContain("<script>");
    expect(page).toContain("&#60;script&#62;");
    const links = [...page.matchAll(/href="(\/messages\/[^"]+)"/g)].map((m) => m[1]);
    expect(links).toHaveLength(3);
    for (const link of links) expect((await fetch(`${t.inboxUrl}${link}`)).status).toBe(200);
  });

  it("shows a message in a sandboxed frame without scripts, with its links usable", async () => {
    const [latest] = await api();
    const res = await fetch(`${t.inboxUrl}/messages/${latest.id}`);
    const page = await res.text();
    expect(res.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const frame = /<iframe ([^>]*)>/.exec(page)?.[1] ?? "";
    expect(frame).toMatch(/sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(frame).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(frame).toMatch(/title="Message body"/);
    // The mail's markup travels only as an attribute value, never as live markup of the page.
    expect(frame).toContain('srcdoc="&#60;base target=&#34;_blank&#34;&#62;&#60;script&#62;');
    expect(page.replace(/srcdoc="[^"]*"/, "")).not.toContain("<script");
    expect(page).toContain('<a href="https://example.test/reset?a=1&#38;b=2">');
    expect(page).toContain('<a href="/">');
  });

  it("answers 404 with a page for an unknown message", async () => {
    const res = await fetch(`${t.inboxUrl}/messages/00000000-0000-0000-0000-000000000000`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Message not found");
  });
});

describe("the inbox's own origin", () => {
  it("is served on a port of its own, never beside the API and the files Storage serves", async () => {
    const inbox = new URL(t.inboxUrl);
    expect(inbox.hostname).toBe(new URL(t.url).hostname);
    expect(inbox.port).not.toBe(new URL(t.url).port);
    expect((await fetch(`${t.inboxUrl}/api/messages`)).status).toBe(200);
    for (const old of ["/inbox", "/inbox/api/messages"]) {
      const res = await fetch(`${t.url}${old}`);
      expect(res.status, old).toBe(404);
      await res.body?.cancel();
    }
  });

  it("prints its URL in the status lines, as supabase status prints the mail catcher's", () => {
    const status = formatStatus({ url: t.url, inboxUrl: t.inboxUrl, dataDir: null });
    expect(status).toMatch(new RegExp(`Inbox URL: ${t.inboxUrl}$`, "m"));
  });
});

describe("inbox storage", () => {
  it("takes mail sent from inside a database transaction without waiting on it", async () => {
    const sent = await t.backend.db.transaction(async (tx) => {
      await tx.query("select 1");
      return t.backend.mail.send({
        to: ["carol@example.com"],
        subject: "In a transaction",
        html: "",
        text: "hi",
      });
    });
    expect((await api("?to=carol@example.com"))[0].id).toBe(sent.id);
  });

  it("is not reachable by the API roles", async () => {
    for (const role of ["anon", "authenticated", "service_role"]) {
      const read = t.backend.db.asRole(
        { role, claims: { role }, method: "GET", path: "/", headers: {} },
        (tx) => tx.query("select * from supabase_local.inbox"),
      );
      await expect(read).rejects.toThrow(/permission denied/);
    }
  });

  it("keeps mail across a restart", async () => {
    const before = await api();
    await t.stop();
    t = await startTestBackend({ keepDataDir: dataDir });
    expect(await api()).toEqual(before);
  });
});

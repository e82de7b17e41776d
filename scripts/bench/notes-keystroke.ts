import { chromium, type Page } from "@playwright/test";

import { timing } from "./collab-support";

export interface KeystrokeBenchContext {
  appUrl: string;
  /** The person's session cookies, as `name=value; name=value`. */
  cookie: string;
  noteId: string;
  keystrokes?: number;
  /** When the note's updates passed the proxy between the browsers and the backend, each way. */
  frames?: FramesSeen;
}

export interface FramesSeen {
  toBackend: number[];
  fromBackend: number[];
}

const EDITOR = '[role="textbox"][aria-label="Note"]';

/** The shortest time between two timed keys. */
const KEY_EVERY_MS = 50;

/** One of the person's devices: a browser context signed in, with the note open and editable. */
async function openDevice(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  ctx: KeystrokeBenchContext,
): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies(
    ctx.cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: ctx.appUrl };
    }),
  );
  // What tsx compiles names its functions with a helper the page lacks.
  await context.addInitScript("window.__name = (f) => f;");
  // Counts the note's broadcasts this page sends (Realtime messages on its topic that say "update"),
  // and times each as it leaves, as it arrives, and when the page is done handling it.
  await context.addInitScript(() => {
    const counted = {
      updates: 0,
      stores: 0,
      sentAt: [] as number[],
      received: [] as [number, number][],
    };
    Object.assign(window, { __sent: counted });
    // Counts the note's stores: each is a request to the app, which writes to the database.
    const fetchIt = window.fetch;
    window.fetch = function (input, init) {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (init?.method === "POST" && /\/notes\/[^/]+\/updates$/.test(url)) counted.stores += 1;
      return fetchIt.call(this, input, init);
    };
    const clock = () => performance.timeOrigin + performance.now();
    // realtime-js' binary broadcast names the note's topic, then the event.
    const isUpdate = (data: unknown) => {
      const text = typeof data === "string" ? data : new TextDecoder().decode(data as ArrayBuffer);
      return /note:[0-9a-f-]{36}update/.test(text);
    };
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      if (isUpdate(data)) {
        counted.updates += 1;
        counted.sentAt.push(clock());
      }
      return send.call(this, data);
    };
    const handler = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage")!;
    Object.defineProperty(WebSocket.prototype, "onmessage", {
      ...handler,
      set(fn: ((ev: MessageEvent) => void) | null) {
        handler.set!.call(
          this,
          fn &&
            function (this: WebSocket, ev: MessageEvent) {
              const at = clock();
              fn.call(this, ev);
              if (isUpdate(ev.data)) counted.received.push([at, clock()]);
            },
        );
      },
    });
  });
  const page = await context.newPage();
  await page.goto(`${ctx.appUrl}/notes/${ctx.noteId}`);
  await page.locator(EDITOR).waitFor({ timeout: 60_000 });
  return page;
}

/**
 * Milliseconds from a key pressed on one device to its character in the note on another: two
 * Chromium pages signed in as one person, the note open on both, joined on its Realtime channel
 * (each sees the other in presence). Times are read inside the pages (one clock, the machine's),
 * from the keydown on the first to the editor's change on the second; one key at a time.
 */
export async function benchKeystroke(ctx: KeystrokeBenchContext) {
  // Enough keys that p95 is not one slow key: with 40 it was the second slowest.
  const count = ctx.keystrokes ?? Number(process.env.BENCH_KEYSTROKES ?? 200);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  try {
    const writer = await openDevice(browser, ctx);
    const reader = await openDevice(browser, ctx);
    for (const page of [writer, reader])
      await page.locator("[data-presence]").waitFor({ timeout: 60_000 });

    await reader.evaluate((selector) => {
      const root = document.querySelector(selector)!;
      const seen: { length: number; at: number }[] = [];
      Object.assign(window, { __seen: seen });
      new MutationObserver(() =>
        seen.push({
          length: root.textContent!.length,
          at: performance.timeOrigin + performance.now(),
        }),
      ).observe(root, { subtree: true, childList: true, characterData: true });
    }, EDITOR);
    await writer.locator(EDITOR).click();
    await writer.keyboard.press("ControlOrMeta+End");
    await writer.evaluate(() => {
      const pressed: number[] = [];
      Object.assign(window, { __pressed: pressed });
      document.addEventListener("keydown", () =>
        pressed.push(performance.timeOrigin + performance.now()),
      );
    });
    const start = await reader.locator(EDITOR).evaluate((el) => el.textContent!.length);
    type Sent = { sentAt: number[]; received: [number, number][] };
    const trips = (page: Page) =>
      page.evaluate(() => {
        const { sentAt, received } = (window as unknown as { __sent: Sent }).__sent;
        return { sentAt: [...sentAt], received: [...received] };
      });
    const [sentBefore, receivedBefore] = [
      (await trips(writer)).sentAt.length,
      (await trips(reader)).received.length,
    ];
    const frames = ctx.frames ?? { toBackend: [], fromBackend: [] };
    const [toBefore, fromBefore] = [frames.toBackend.length, frames.fromBackend.length];

    // A key every 50 ms at the fastest (1,200 a minute, as in the steady typing below): a key sent
    // on the heels of the last one's arrival would be timed waiting in the send window, which
    // merges only what comes faster than one message per 40 ms.
    let missed = 0;
    for (let i = 0, last = 0; i < count; i++) {
      const wait = last + KEY_EVERY_MS - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      last = Date.now();
      await writer.keyboard.press(String.fromCharCode(97 + (i % 26)));
      await reader
        .waitForFunction(
          ([selector, length]) =>
            document.querySelector(selector as string)!.textContent!.length >= (length as number),
          [EDITOR, start + i + 1] as const,
          { timeout: 10_000 },
        )
        .catch(() => (missed += 1));
    }
    const pressed = await writer.evaluate(
      () => (window as unknown as { __pressed: number[] }).__pressed,
    );
    const seen = await reader.evaluate(
      () => (window as unknown as { __seen: { length: number; at: number }[] }).__seen,
    );
    const times = pressed.flatMap((at, i) => {
      const shown = seen.find((s) => s.length >= start + i + 1);
      return shown ? [shown.at - at] : [];
    });
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;

    // Each key's trip in parts: the key's broadcast is the writer's first after its keydown, and
    // the reader hears the writer's broadcasts in the order they left.
    const sent = (await trips(writer)).sentAt.slice(sentBefore);
    const received = (await trips(reader)).received.slice(receivedBefore);
    const parts = {
      writer: [] as number[],
      wire: [] as number[],
      toBackend: [] as number[],
      backend: [] as number[],
      fromBackend: [] as number[],
      apply: [] as number[],
      shown: [] as number[],
    };
    pressed.forEach((at, i) => {
      const j = sent.findIndex((t) => t >= at);
      const heard = received[j];
      const shown = seen.find((s) => s.length >= start + i + 1);
      if (j < 0 || !heard || !shown) return;
      parts.writer.push(sent[j] - at);
      parts.wire.push(heard[0] - sent[j]);
      const [there, back] = [frames.toBackend[toBefore + j], frames.fromBackend[fromBefore + j]];
      if (there !== undefined && back !== undefined) {
        parts.toBackend.push(there - sent[j]);
        parts.backend.push(back - there);
        parts.fromBackend.push(heard[0] - back);
      }
      parts.apply.push(heard[1] - heard[0]);
      parts.shown.push(shown.at - heard[1]);
    });

    // Steady typing, a key every 50 ms (1,200 a minute), with the other device there and alone;
    // and keys as fast as the page takes them, with the other device there: the window's bound.
    let keys = 0;
    const perMinute = async (seconds: number, gapMs = 50, warmUpSeconds = 0) => {
      type Counted = { updates: number; stores: number };
      const sent = () =>
        writer.evaluate(() => (window as unknown as { __sent: Counted }).__sent.updates);
      const stored = () =>
        writer.evaluate(() => (window as unknown as { __sent: Counted }).__sent.stores);
      let i = 0;
      for (const warm = Date.now(); Date.now() - warm < warmUpSeconds * 1000; i++)
        await writer.keyboard.press(String.fromCharCode(97 + (i % 26)));
      const before = await sent();
      const storedBefore = await stored();
      const started = Date.now();
      i = 0;
      for (; Date.now() - started < seconds * 1000; i++) {
        await writer.keyboard.press(String.fromCharCode(97 + (i % 26)));
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      }
      const minutes = (Date.now() - started) / 60_000;
      keys = i / minutes;
      await new Promise((r) => setTimeout(r, 200));
      storesPerMinute = ((await stored()) - storedBefore) / minutes;
      return ((await sent()) - before) / minutes;
    };
    let storesPerMinute = 0;
    const withPeer = await perMinute(5);
    const steadyStores = storesPerMinute;
    // A second of it first, so the count starts once the burst is spent, as over a minute.
    const fastest = { messages: await perMinute(5, 0, 1), keys, stores: storesPerMinute };
    await reader.context().close();
    await writer
      .locator("[data-presence]")
      .waitFor({ state: "detached", timeout: 30_000 })
      .catch(() => {});
    const alone = await perMinute(5);
    return {
      p50: q(0.5),
      p95: q(0.95),
      failures: missed,
      keystrokes: count,
      messagesPerMinute: { withPeer, alone, fastest },
      storesPerMinute: { steady: steadyStores, fastest: fastest.stores },
      parts: {
        writer: timing(parts.writer),
        wire: timing(parts.wire),
        toBackend: timing(parts.toBackend),
        backend: timing(parts.backend),
        fromBackend: timing(parts.fromBackend),
        apply: timing(parts.apply),
        shown: timing(parts.shown),
      },
    };
  } finally {
    await browser.close();
  }
}

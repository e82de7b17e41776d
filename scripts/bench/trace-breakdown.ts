/**
 * Where a traced stretch of a page's main thread went, from a Chromium trace (`Tracing.start` with
 * the devtools.timeline categories): each kind of work's own time (its children's taken out),
 * summed over the stretch, largest first.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the span (wall time less the time it was not running). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: { type?: string; frames?: { processId: number; isOutermostMainFrame?: boolean }[] };
  };
}

/** What a trace event's name is, in the words DevTools' Performance panel uses. */
const KIND: Record<string, string> = {
  UpdateLayoutTree: "style",
  RecalculateStyles: "style",
  "Document::updateStyleAndLayoutTree": "style",
  Layout: "layout",
  "LocalFrameView::performLayout": "layout",
  "Blink.Layout.UpdateTime": "layout",
  "Document::UpdateStyleAndLayout": "forced style and layout",
  "Blink.ForcedStyleAndLayout.UpdateTime": "forced style and layout",
  "Blink.CompositingInputs.UpdateTime": "compositing",
  "PaintArtifactCompositor::Update": "compositing",
  "Blink.PrePaint.UpdateTime": "pre-paint",
  "Blink.Paint.UpdateTime": "paint",
  "Editor::SyncSelection": "editing",
  GetSelectionOffsets: "editing",
  "TypingCommand::InsertText": "editing",
  "FrameSelection::SetSelection": "editing",
  "Editor::HandleKeyboardEvent": "editing",
  "EventHandler::handleMouseMoveEvent": "hit test",
  "LayoutView::HitTest": "hit test",
  "ResourceFetcher::requestResource": "network",
  "ResponseBodyLoader::DidFinishLoadingBody": "network",
  "TextResourceDecoder::Decode": "network",
  // A task's own time: the work it does that no event names (microtasks' script among it).
  RunTask: "task, unnamed",
  "LocalFrameView::RunPostLayoutIntersectionObserverSteps": "intersections",
  IntersectionObserverController: "intersections",
  "IntersectionObserverController::computeIntersections": "intersections",
  UpdateLayer: "layout",
  PrePaint: "pre-paint",
  Paint: "paint",
  PaintImage: "paint",
  Layerize: "layerize",
  UpdateLayerTree: "layerize",
  Commit: "commit",
  HitTest: "hit test",
  ParseHTML: "html",
  MajorGC: "gc",
  MinorGC: "gc",
  "V8.GC_SCAVENGER": "gc",
  "V8.GCScavenger": "gc",
  "BlinkGC.AtomicPhase": "gc",
};

export interface TraceBreakdown {
  /** Own time by event name, in ms over the whole stretch. */
  byName: [string, number][];
  /** Own time by kind (style, layout, paint, script…), in ms over the whole stretch. */
  byKind: [string, number][];
  /** Keydown events dispatched on the page's main thread in the stretch. */
  keydowns: number;
}

const kindOf = (name: string) =>
  KIND[name] ??
  (/^(V8\.GC|BlinkGC|MajorGC|MinorGC)/.test(name)
    ? "gc"
    : /^(v8|V8|FunctionCall|EventDispatch|TimerFire|FireAnimationFrame|RunMicrotasks|EvaluateScript|AsyncTask|v8\.)/.test(
          name,
        )
      ? "script"
      : /Intersection|DisplayLock|ContentVisibility/i.test(name)
        ? "intersections"
        : "other");

type Span = { name: string; start: number; end: number; cpu?: number };

/** The spans of the traced page's main thread, in order, and its keydowns (count and times). */
function mainThread(events: TraceEvent[]): { spans: Span[]; keydowns: number; keys: number[] } {
  const mains = events.filter((e) => e.ph === "M" && e.args?.name === "CrRendererMain");
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== "X" || !e.dur) continue;
    const key = `${e.pid}:${e.tid}`;
    busy.set(key, (busy.get(key) ?? 0) + e.dur);
  }
  // The traced page's renderer, as the trace names it; other pages' renderers are traced too.
  const traced = events
    .find((e) => e.name === "TracingStartedInBrowser")
    ?.args?.data?.frames?.find((f) => f.isOutermostMainFrame)?.processId;
  const main = mains
    .filter((m) => traced === undefined || m.pid === traced)
    .map((m) => `${m.pid}:${m.tid}`)
    .sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
  const spans: Span[] = [];
  const open = new Map<string, TraceEvent[]>();
  const keys: number[] = [];
  for (const e of events) {
    if (`${e.pid}:${e.tid}` !== main) continue;
    if (e.name === "EventDispatch" && e.args?.data?.type === "keydown") keys.push(e.ts);
    if (e.ph === "X" && e.dur !== undefined)
      spans.push({ name: e.name, start: e.ts, end: e.ts + e.dur, cpu: e.tdur });
    else if (e.ph === "B") open.set(e.name, [...(open.get(e.name) ?? []), e]);
    else if (e.ph === "E") {
      const begun = open.get(e.name)?.pop();
      if (begun) spans.push({ name: e.name, start: begun.ts, end: e.ts });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  keys.sort((a, b) => a - b);
  return { spans, keydowns: keys.length, keys };
}

/** Own time by name: a span's length less that of the spans nested in it, in µs. */
function ownTimes(spans: Span[]): Map<string, number> {
  const own = new Map<string, number>();
  const stack: { name: string; end: number; childTime: number; start: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack[stack.length - 1].end <= until) {
      const done = stack.pop()!;
      const length = done.end - done.start;
      own.set(done.name, (own.get(done.name) ?? 0) + length - done.childTime);
      if (stack.length) stack[stack.length - 1].childTime += length;
    }
  };
  for (const span of spans) {
    close(span.start);
    // A span that overruns its parent (clock rounding) is cut at the parent's end.
    const parent = stack[stack.length - 1];
    const end = parent ? Math.min(span.end, parent.end) : span.end;
    stack.push({ name: span.name, start: span.start, end, childTime: 0 });
  }
  close(Infinity);
  return own;
}

const sorted = (m: Map<string, number>) =>
  [...m]
    .map(([k, us]) => [k, us / 1000] as [string, number])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1]);

const byKind = (own: Map<string, number>) => {
  const kinds = new Map<string, number>();
  for (const [name, us] of own) kinds.set(kindOf(name), (kinds.get(kindOf(name)) ?? 0) + us);
  return sorted(kinds);
};

export function traceBreakdown(events: TraceEvent[]): TraceBreakdown {
  const { spans, keydowns } = mainThread(events);
  const own = ownTimes(spans);
  return { byName: sorted(own), byKind: byKind(own), keydowns };
}

/**
 * The main thread's tasks longer than a frame (16.7 ms), each with where its time went: as lines
 * to print, longest first.
 */
export function longTasks(events: TraceEvent[], top = 12): string[] {
  const { spans } = mainThread(events);
  const tasks: Span[][] = [];
  let end = -Infinity;
  for (const span of spans) {
    if (span.start >= end) {
      tasks.push([span]);
      end = span.end;
    } else tasks[tasks.length - 1].push(span);
  }
  const long = tasks
    .filter(([task]) => task.end - task.start > (1000 / 60) * 1000)
    .sort(([a], [b]) => b.end - b.start - (a.end - a.start));
  const first = spans[0]?.start ?? 0;
  return [
    `  main-thread tasks over a frame: ${long.length}`,
    ...long.slice(0, top).map((task) => {
      const own = ownTimes(task);
      const [head] = task;
      const names = sorted(own)
        .slice(0, 5)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(", ");
      const kinds = byKind(own)
        .slice(0, 4)
        .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
        .join(", ");
      return `    ${((head.end - head.start) / 1000).toFixed(1)} ms at ${((head.start - first) / 1e6).toFixed(2)} s: ${kinds} (${names})`;
    }),
  ];
}

/** The breakdown per key, as lines to print: kinds, then the names that cost the most. */
export function breakdownPerKey(breakdown: TraceBreakdown, keys: number, top = 14): string[] {
  const per = (ms: number) => (ms / Math.max(1, keys)).toFixed(2);
  return [
    `  main thread per key (${keys} keys, own time): ` +
      breakdown.byKind.map(([kind, ms]) => `${kind} ${per(ms)} ms`).join(", "),
    ...breakdown.byName.slice(0, top).map(([name, ms]) => `    ${per(ms).padStart(7)} ms  ${name}`),
  ];
}

/** The names of the spans that make a task a frame: the browser updating what is on screen. */
const FRAME = new Set([
  "WebFrameWidgetImpl::UpdateLifecycle",
  "WebFrameWidgetImpl::BeginMainFrame",
]);

export interface KeyFrames {
  /** Per key, in ms: the main thread's work from the key's task to the end of the frame after it. */
  work: number[];
  /**
   * Per key, in ms: the main thread's CPU time in that work. Less than the work when the processor
   * ran something else meanwhile (other processes, on a machine that is busy).
   */
  cpu: number[];
  /** Per key, in ms: the time in between when the main thread was idle, waiting for that frame. */
  wait: number[];
}

/**
 * For each key pressed in the trace, the main thread's time from the task that handled it to the
 * end of the first frame after that task (the frame that shows the character), split into work
 * (the key's task, any task in between, the frame) and waiting (idle until the display's next
 * frame). A key that is handled at once still waits for the display: the split tells what a page
 * can shorten from what it cannot.
 */
export function keyFrames(events: TraceEvent[]): KeyFrames {
  const { spans, keys } = mainThread(events);
  // Top-level tasks, each with whether it drew a frame.
  const tasks: { start: number; end: number; cpu: number; frame: boolean }[] = [];
  for (const span of spans) {
    const last = tasks[tasks.length - 1];
    if (last && span.start < last.end) {
      if (FRAME.has(span.name)) last.frame = true;
    } else
      tasks.push({
        start: span.start,
        end: span.end,
        cpu: span.cpu ?? span.end - span.start,
        frame: FRAME.has(span.name),
      });
  }
  const work: number[] = [];
  const cpu: number[] = [];
  const wait: number[] = [];
  let t = 0;
  for (const key of keys) {
    while (t < tasks.length && tasks[t].end <= key) t++;
    if (t >= tasks.length || tasks[t].start > key) continue;
    let busy = 0;
    let running = 0;
    let f = t;
    for (; f < tasks.length; f++) {
      busy += tasks[f].end - tasks[f].start;
      running += tasks[f].cpu;
      if (f > t && tasks[f].frame) break;
    }
    if (f >= tasks.length) continue;
    work.push(busy / 1000);
    cpu.push(running / 1000);
    wait.push((tasks[f].end - tasks[t].start - busy) / 1000);
  }
  return { work, cpu, wait };
}

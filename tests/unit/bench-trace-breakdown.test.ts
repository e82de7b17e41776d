// @vitest-environment node
import { describe, expect, it } from "vitest";

import {
  keyFrames,
  longTasks,
  traceBreakdown,
  type TraceEvent,
} from "../../scripts/bench/trace-breakdown";

const PAGE = 7;
const OTHER = 9;
const meta = (pid: number): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  ts: 0,
  pid,
  tid: 1,
  args: { name: "CrRendererMain" },
});
const span = (name: string, ts: number, dur: number, pid = PAGE): TraceEvent => ({
  name,
  ph: "X",
  ts,
  dur,
  pid,
  tid: 1,
});
const started: TraceEvent = {
  name: "TracingStartedInBrowser",
  ph: "I",
  ts: 0,
  pid: 1,
  tid: 1,
  args: { data: { frames: [{ processId: PAGE, isOutermostMainFrame: true }] } },
};

describe("the bench's trace breakdown", () => {
  it("counts each kind of work by its own time, on the traced page's main thread only", () => {
    const events = [
      started,
      meta(PAGE),
      meta(OTHER),
      // A keystroke's task: 10 ms, of which script 7 (beside a forced layout of 1) and 2 unnamed.
      span("RunTask", 0, 10_000),
      { ...span("EventDispatch", 500, 8_000), args: { data: { type: "keydown" } } },
      span("FunctionCall", 1_000, 6_000),
      span("Document::UpdateStyleAndLayout", 2_000, 1_000),
      // The frame: 5 ms, 3 of them computing intersections.
      span("RunTask", 20_000, 5_000),
      span("IntersectionObserverController::computeIntersections", 21_000, 3_000),
      // Another page's long task is not this page's.
      span("RunTask", 0, 90_000, OTHER),
      span("FunctionCall", 0, 90_000, OTHER),
    ];
    const { byKind, keydowns } = traceBreakdown(events);
    const kinds = Object.fromEntries(byKind);
    expect(keydowns).toBe(1);
    expect(kinds.script).toBeCloseTo(5 + 2); // FunctionCall less its layout, and the dispatch around it
    expect(kinds["forced style and layout"]).toBeCloseTo(1);
    expect(kinds.intersections).toBeCloseTo(3);
    expect(kinds["task, unnamed"]).toBeCloseTo(2 + 2);
  });

  it("names the tasks longer than a frame, longest first", () => {
    const events = [
      started,
      meta(PAGE),
      span("RunTask", 0, 10_000),
      span("RunTask", 20_000, 40_000),
      span("Layout", 21_000, 30_000),
      span("RunTask", 70_000, 20_000),
      span("Paint", 71_000, 15_000),
    ];
    const lines = longTasks(events);
    expect(lines[0]).toContain("tasks over a frame: 2");
    expect(lines[1]).toMatch(/^ +40\.0 ms .*layout 30\.0/);
    expect(lines[2]).toMatch(/^ +20\.0 ms .*paint 15\.0/);
  });

  it("splits each key's time to its frame into the main thread's work and its idle wait", () => {
    const key = (ts: number) => ({
      ...span("EventDispatch", ts, 1_000),
      args: { data: { type: "keydown" } },
    });
    const frame = (ts: number, dur: number) => [
      span("RunTask", ts, dur),
      span("WebFrameWidgetImpl::BeginMainFrame", ts + 100, dur - 200),
    ];
    const events = [
      started,
      meta(PAGE),
      // A key handled in 6 ms, a 1 ms timer in between (after 1 ms idle), 9 ms idle, then a
      // 5 ms frame: 12 ms of work and 10 of waiting for the display.
      span("RunTask", 0, 6_000),
      key(100),
      span("RunTask", 7_000, 1_000),
      ...frame(17_000, 5_000),
      // A key whose frame starts as its task ends: all work, no wait; its task ran for 5 ms of
      // its 8 (the processor was taken by something else for 3).
      { ...span("RunTask", 40_000, 8_000), tdur: 5_000 },
      key(40_500),
      ...frame(48_000, 7_000),
      // A key the trace ends before its frame is not counted.
      span("RunTask", 80_000, 3_000),
      key(80_100),
    ];
    const { work, cpu, wait } = keyFrames(events);
    expect(work).toEqual([12, 15]);
    expect(cpu).toEqual([12, 12]);
    expect(wait).toEqual([10, 0]);
  });
});

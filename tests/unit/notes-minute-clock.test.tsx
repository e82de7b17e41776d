import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";

import { useMinute } from "@/components/notes/use-minute";
import { editedAgo } from "@/lib/notes/list";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-26T12:00:10Z"));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Edited({ at }: { at: string }) {
  return <p>{editedAgo(at, useMinute())}</p>;
}

it("a row's 'edited … ago' moves on as each minute begins, with no other change", () => {
  render(<Edited at="2026-11-26T11:59:40Z" />);
  expect(screen.getByText("just now")).toBeTruthy();
  act(() => void vi.advanceTimersByTime(49_000)); // 12:00:59
  expect(screen.getByText("just now")).toBeTruthy();
  act(() => void vi.advanceTimersByTime(1_000)); // 12:01:00
  expect(screen.getByText("1 minute ago")).toBeTruthy();
  act(() => void vi.advanceTimersByTime(60_000)); // 12:02:00
  expect(screen.getByText("2 minutes ago")).toBeTruthy();
  act(() => void vi.advanceTimersByTime(60 * 60_000));
  expect(screen.getByText("1 hour ago")).toBeTruthy();
});

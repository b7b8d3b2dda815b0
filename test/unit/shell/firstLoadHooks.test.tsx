import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useId } from "~/components/shell/mantineUseId";
import { useHeldFor, useShownAfterFirstPaint, useShownForPrint } from "~/components/shell/useShownLater";

describe("useId (Mantine's, without the second render)", () => {
  it("keeps the id it was given", () => {
    const { result } = renderHook(() => useId("outputs-title"));
    expect(result.current).toBe("outputs-title");
  });

  it("gives each component its own id, the same on every render", () => {
    const first = renderHook(() => useId());
    const second = renderHook(() => useId());
    const firstId = first.result.current;
    expect(firstId).toMatch(/^mantine-[^:]+$/);
    expect(second.result.current).not.toBe(firstId);
    first.rerender();
    expect(first.result.current).toBe(firstId);
  });
});

describe("useShownForPrint", () => {
  it("stays false while the screen idles: nothing renders the print-only part before printing", () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useShownForPrint());
      act(() => vi.runAllTimers());
      expect(result.current.shown).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is true at once when the browser starts printing (the print menu, Ctrl+P)", () => {
    const { result } = renderHook(() => useShownForPrint());
    act(() => {
      window.dispatchEvent(new Event("beforeprint"));
    });
    expect(result.current.shown).toBe(true);
  });

  it("is true at once when the screen's own Print button asks for it", () => {
    const { result } = renderHook(() => useShownForPrint());
    act(() => result.current.showNow());
    expect(result.current.shown).toBe(true);
  });
});

describe("useShownAfterFirstPaint", () => {
  it("is false on the first render and true in the render that follows it", async () => {
    const renders: boolean[] = [];
    const { result } = renderHook(() => {
      const shown = useShownAfterFirstPaint();
      renders.push(shown);
      return shown;
    });
    await act(async () => {});
    expect(result.current).toBe(true);
    expect(renders[0]).toBe(false);
  });
});

describe("useHeldFor (a busy sign for slow tasks only)", () => {
  it("stays false for a task that ends before the delay, and turns true for one that lasts past it", () => {
    vi.useFakeTimers();
    try {
      const { result, rerender } = renderHook(({ busy }) => useHeldFor(busy, 300), { initialProps: { busy: true } });
      act(() => vi.advanceTimersByTime(299));
      expect(result.current).toBe(false);
      rerender({ busy: false });
      act(() => vi.advanceTimersByTime(1_000));
      expect(result.current).toBe(false);

      rerender({ busy: true });
      act(() => vi.advanceTimersByTime(300));
      expect(result.current).toBe(true);
      rerender({ busy: false });
      expect(result.current).toBe(false);
      // Busy again: the delay starts over.
      rerender({ busy: true });
      expect(result.current).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

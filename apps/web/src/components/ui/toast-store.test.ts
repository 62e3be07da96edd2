// @vitest-environment happy-dom
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@fineprint/contracts';
import { renderHook, act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, useToasts } from './toast-store';

afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('keeps at most 20 toasts, newest first', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      for (let i = 0; i < 25; i++) toast(`t${i}`);
    });
    expect(result.current).toHaveLength(TOAST_LIMIT);
    expect(result.current[0]!.title).toBe('t24');
  });

  it('removes a dismissed toast 1 second later', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => {
      id = toast('bye');
    });
    act(() => dismissToast(id));
    expect(result.current.find((t) => t.id === id)?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    });
    expect(result.current.some((t) => t.id === id)).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.some((t) => t.id === id)).toBe(false);
  });
});

describe('toast de-duplication', () => {
  it('shows a repeated message once, moved to the front', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast('dup-a');
      toast('dup-b');
      toast('dup-a');
    });
    const open = result.current.filter((t) => t.open && t.title.startsWith('dup-'));
    expect(open.map((t) => t.title)).toEqual(['dup-a', 'dup-b']);
  });

  it('lets a toast of a group replace the open one of that group', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast('Payment Failed. Please try again.', 'destructive', 'pay-test');
      toast('Payment successful!', 'default', 'pay-test');
    });
    const open = result.current.filter((t) => t.open && t.group === 'pay-test');
    expect(open.map((t) => t.title)).toEqual(['Payment successful!']);
  });
});

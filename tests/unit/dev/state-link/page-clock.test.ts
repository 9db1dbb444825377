/**
 * The state links' page clock (src/dev/state-link/page-clock.ts): held, its time moves only when moved
 * on, running what falls due in order; released, its timers run on the platform's for what is left.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageClock } from '@/dev/state-link/page-clock';

afterEach(() => {
  vi.useRealTimers();
});

describe('PageClock', () => {
  it('runs nothing until moved on, then what falls due, earliest first and in order on a tie', () => {
    vi.useFakeTimers();
    const clock = new PageClock();
    const ran: string[] = [];
    clock.setTimeout(() => ran.push('3000'), 3000);
    clock.setTimeout(() => ran.push('1000 a'), 1000);
    clock.setTimeout(() => ran.push('1000 b'), 1000);
    vi.advanceTimersByTime(60_000);
    expect(ran).toEqual([]);
    clock.advance(999);
    expect(ran).toEqual([]);
    clock.advance(1);
    expect(ran).toEqual(['1000 a', '1000 b']);
    clock.advance(2000);
    expect(ran).toEqual(['1000 a', '1000 b', '3000']);
  });

  it('runs a timer set by another within the same move, at its own due time', () => {
    const clock = new PageClock();
    const ran: string[] = [];
    clock.setTimeout(() => {
      ran.push('first');
      clock.setTimeout(() => ran.push('second'), 500);
    }, 1000);
    clock.advance(1499);
    expect(ran).toEqual(['first']);
    clock.advance(1);
    expect(ran).toEqual(['first', 'second']);
  });

  it('never runs a cleared timer, and ignores an unknown id', () => {
    const clock = new PageClock();
    const callback = vi.fn();
    const id = clock.setTimeout(callback, 10);
    clock.clearTimeout(id);
    clock.clearTimeout(12345);
    clock.advance(100);
    expect(callback).not.toHaveBeenCalled();
  });

  it('released, hands each timer to the platform with what is left of its ms, and new ones too', () => {
    vi.useFakeTimers();
    const clock = new PageClock();
    const ran: string[] = [];
    clock.setTimeout(() => ran.push('toast'), 3000);
    clock.advance(1000);
    clock.release();
    expect(clock.held).toBe(false);
    vi.advanceTimersByTime(1999);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['toast']);
    const later = clock.setTimeout(() => ran.push('cleared'), 10);
    clock.setTimeout(() => ran.push('new'), 10);
    clock.clearTimeout(later);
    vi.advanceTimersByTime(10);
    expect(ran).toEqual(['toast', 'new']);
  });

  it('cannot be moved on once released', () => {
    const clock = new PageClock();
    clock.release();
    expect(() => clock.advance(1)).toThrow(/released/);
  });
});

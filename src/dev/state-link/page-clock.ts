import type { ActorOptions, AnyActorLogic } from 'xstate';

/** XState's clock of an actor (its `clock` option), which the package does not export by name. */
type Clock = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

interface Timer {
  /** When it falls due, in ms of the page clock's time. */
  readonly due: number;
  readonly callback: () => void;
  /** The platform timer it runs on once the clock is released. */
  platformTimer?: ReturnType<typeof setTimeout>;
}

/**
 * The machines' clock for a state link (XState's `clock` actor option): held, its time moves only
 * when the page moves it ({@link PageClock.advance}), so a path's delays fall due at once and in order;
 * released, every timer, those pending included, runs on the platform's own timers for what is left of
 * its ms, as the shop's timers always do. A link with `&hold` never releases it: a 3 s state stays.
 * Times are in ms.
 */
export class PageClock implements Clock {
  #now = 0;
  #nextId = 1;
  #held = true;
  readonly #timers = new Map<number, Timer>();

  /** True until {@link PageClock.release}. */
  get held(): boolean {
    return this.#held;
  }

  /** Schedules `callback` `ms` from now on this clock; returns its id for {@link PageClock.clearTimeout}. */
  setTimeout(callback: () => void, ms: number): number {
    const id = this.#nextId++;
    const timer: Timer = { due: this.#now + ms, callback };
    this.#timers.set(id, timer);
    if (!this.#held) this.#runOnPlatform(id, timer, ms);
    return id;
  }

  /** Cancels a timer; an unknown or finished id is ignored, as the platform's `clearTimeout` does. */
  clearTimeout(id: number): void {
    const timer = this.#timers.get(id);
    if (timer?.platformTimer !== undefined) clearTimeout(timer.platformTimer);
    this.#timers.delete(id);
  }

  /**
   * Moves the held clock on by `ms`, running each timer that falls due on the way, earliest first
   * (in the order they were set on a tie), with the clock at its due time, so a timer it sets runs too
   * when it falls due within `ms`.
   * @throws once the clock is released: its time is the platform's then.
   */
  advance(ms: number): void {
    if (!this.#held) throw new Error('The page clock was released: only a held clock can be moved on.');
    const until = this.#now + ms;
    for (;;) {
      let next: [number, Timer] | undefined;
      for (const entry of this.#timers)
        if (entry[1].due <= until && (!next || entry[1].due < next[1].due)) next = entry;
      if (!next) break;
      this.#timers.delete(next[0]);
      this.#now = next[1].due;
      next[1].callback();
    }
    this.#now = until;
  }

  /** Hands every timer to the platform, each with what is left of its ms; from now on time passes. */
  release(): void {
    if (!this.#held) return;
    this.#held = false;
    for (const [id, timer] of this.#timers) this.#runOnPlatform(id, timer, timer.due - this.#now);
  }

  #runOnPlatform(id: number, timer: Timer, ms: number): void {
    timer.platformTimer = setTimeout(() => {
      this.#timers.delete(id);
      timer.callback();
    }, ms);
  }
}

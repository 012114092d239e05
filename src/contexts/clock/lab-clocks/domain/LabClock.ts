import { DomainError } from '../../../../shared/domain/DomainError.js';

/** A 400 naming the request's field. */
function invalid(field: string, message: string): DomainError {
  return DomainError.invalid('INVALID_CLOCK', `${field} ${message}`, [{ field, rule: 'clock', message }]);
}

export const CLOCK_MODES = ['real', 'scaled', 'frozen'] as const;
export type ClockMode = (typeof CLOCK_MODES)[number];

/** The fastest a scaled clock runs (a day in under 9 s) and the slowest. */
export const MAX_SCALE = 10_000;
export const MIN_SCALE = 0.001;
/** The scale a clock gets when it is switched to scaled without one (an hour a minute). */
export const DEFAULT_SCALE = 60;

/** A lab clock as stored: its mode, its scale and one anchor (the lab's instant at a wall instant). */
export interface LabClockState {
  readonly mode: ClockMode;
  readonly scale: number;
  /** The lab's time, in ms since the epoch, at the wall instant `wallAnchorMs`. */
  readonly labAnchorMs: number;
  readonly wallAnchorMs: number;
}

/**
 * A lab's gateway clock over the wall clock: real time (at an offset once advanced or set), scaled (the lab's
 * time runs `scale` times as fast as the wall's), or frozen at an instant. Every time-driven behaviour of the lab
 * reads it. One anchor says it all: the lab's instant at a wall instant, from which the lab's time runs at the
 * mode's rate, so a restart keeps the offset of a real clock, the rate of a scaled one (the time the process was
 * down passes scaled too) and the instant of a frozen one. Immutable: every change answers a new clock.
 */
export class LabClock {
  private constructor(readonly state: LabClockState) {}

  /** Real time, no offset: the lab's time is the wall's. */
  static real(): LabClock {
    return new LabClock({ mode: 'real', scale: 1, labAnchorMs: 0, wallAnchorMs: 0 });
  }

  /** A stored clock, checked again. */
  static restore(state: LabClockState): LabClock {
    if (!CLOCK_MODES.includes(state.mode)) throw new TypeError(`mode '${String(state.mode)}' is not a clock mode`);
    for (const [name, value] of [
      ['labAnchorMs', state.labAnchorMs],
      ['wallAnchorMs', state.wallAnchorMs],
      ['scale', state.scale],
    ] as const) {
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new TypeError(`${name} must be a finite number`);
    }
    if (state.mode === 'scaled') checkScale(state.scale);
    return new LabClock({
      mode: state.mode,
      scale: state.mode === 'scaled' ? state.scale : 1,
      labAnchorMs: state.labAnchorMs,
      wallAnchorMs: state.wallAnchorMs,
    });
  }

  get mode(): ClockMode {
    return this.state.mode;
  }

  /** The rate of the lab's time against the wall's: 1 real, 0 frozen, the scale when scaled. */
  get rate(): number {
    return this.state.mode === 'frozen' ? 0 : this.state.mode === 'scaled' ? this.state.scale : 1;
  }

  /** The lab's time, in ms since the epoch, when the wall clock reads `wallMs`. */
  nowMs(wallMs: number): number {
    return this.state.labAnchorMs + (wallMs - this.state.wallAnchorMs) * this.rate;
  }

  /**
   * Switches the mode; the lab's time goes on from where it is (or from `nowMs` when given, or from the wall's time
   * plus `offsetMs`: 0 is the wall clock's time). A scaled clock takes `scale` (by default the scale it has, or
   * DEFAULT_SCALE); the other modes refuse one.
   */
  withMode(
    wallMs: number,
    mode: ClockMode,
    options: { scale?: number; nowMs?: number; offsetMs?: number } = {},
  ): LabClock {
    if (options.scale !== undefined && mode !== 'scaled')
      throw invalid('scale', `applies to the scaled mode only (mode is '${mode}'): leave it out`);
    const scale =
      mode === 'scaled' ? (options.scale ?? (this.state.mode === 'scaled' ? this.state.scale : DEFAULT_SCALE)) : 1;
    if (mode === 'scaled') checkScale(scale);
    const labNow = options.nowMs ?? (options.offsetMs !== undefined ? wallMs + options.offsetMs : this.nowMs(wallMs));
    checkInstant(labNow, options.nowMs === undefined && options.offsetMs !== undefined ? 'offsetSeconds' : 'now');
    return new LabClock({ mode, scale, labAnchorMs: labNow, wallAnchorMs: wallMs });
  }

  /** The lab's time moved forward by `byMs` (whatever the mode: a frozen clock stays frozen, later). */
  advancedBy(wallMs: number, byMs: number): LabClock {
    if (!Number.isFinite(byMs) || byMs <= 0)
      throw invalid('by', 'must be a positive duration: to go back, set the clock to an instant');
    return this.withMode(wallMs, this.state.mode, { nowMs: this.nowMs(wallMs) + byMs });
  }
}

function checkScale(scale: number): void {
  if (!Number.isFinite(scale) || scale < MIN_SCALE || scale > MAX_SCALE) {
    throw invalid(
      'scale',
      `must be between ${MIN_SCALE} and ${MAX_SCALE} (how many times as fast as real time the lab's time runs)`,
    );
  }
}

/** Instants from 1970 to 9999, which every date format of the API can write. */
function checkInstant(ms: number, field: 'now' | 'offsetSeconds'): void {
  if (!Number.isFinite(ms) || ms < 0 || ms >= Date.UTC(10000, 0, 1))
    throw invalid(
      field,
      field === 'now' ? 'must be an instant between 1970 and 9999' : "must put the lab's time between 1970 and 9999",
    );
}

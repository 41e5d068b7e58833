export interface BreakerOptions {
  /** Consecutive failures (network, 5xx, timeout) that open the circuit. */
  failureThreshold: number;
  /** How long the circuit stays open before one probe call is let through. */
  resetAfterMs: number;
}

export type BreakerState = 'closed' | 'open' | 'half_open';

/**
 * A consecutive-failure circuit breaker (architecture decision 10). While open, calls fail fast;
 * after `resetAfterMs` one probe is let through (half-open); its success closes the circuit and
 * its failure opens it again for another period.
 */
export class CircuitBreaker {
  private state: BreakerState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private probeInFlight = false;

  constructor(
    private readonly options: BreakerOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get currentState(): BreakerState {
    if (this.state === 'open' && this.now() - this.openedAt >= this.options.resetAfterMs) {
      return 'half_open';
    }
    return this.state;
  }

  /** Whether a call may go out now. A true answer in half-open state reserves the probe. */
  tryAcquire(): boolean {
    if (this.state === 'closed') return true;
    if (this.state === 'open') {
      if (this.now() - this.openedAt < this.options.resetAfterMs) return false;
      this.state = 'half_open';
    }
    if (this.probeInFlight) return false;
    this.probeInFlight = true;
    return true;
  }

  onSuccess(): void {
    this.state = 'closed';
    this.failures = 0;
    this.probeInFlight = false;
  }

  onFailure(): void {
    this.probeInFlight = false;
    if (this.state === 'half_open') {
      this.open();
      return;
    }
    this.failures += 1;
    if (this.failures >= this.options.failureThreshold) this.open();
  }

  private open(): void {
    this.state = 'open';
    this.openedAt = this.now();
    this.failures = 0;
  }
}

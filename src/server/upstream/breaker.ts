import {
  BrokenCircuitError,
  CircuitState,
  circuitBreaker,
  handleWhen,
  IsolatedCircuitError,
  SamplingBreaker,
  type CircuitBreakerPolicy,
} from 'cockatiel';

export interface BreakerOptions {
  /** Share of failed calls (0 to 1, exclusive) over the window above which the circuit opens. */
  failureRate: number;
  /** Length of the sampling window. */
  windowMs: number;
  /** Calls per second needed before the rate counts (a few failures at low traffic never trip it). */
  minimumRps: number;
  /** How long an open circuit fails fast before one probe call is let through (half-open). */
  halfOpenAfterMs: number;
}

export const defaultBreakerOptions: BreakerOptions = {
  failureRate: 0.7,
  windowMs: 10_000,
  minimumRps: 1,
  halfOpenAfterMs: 2_000,
};

export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerLogger {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

/** Thrown by `run` when the operation's circuit is open: nothing was sent. */
export class CircuitOpenError extends Error {}

/**
 * A failure that says nothing new of the operation's health, thrown inside `run` to be neither
 * counted as a failure nor as a success (cockatiel passes on an error its policy does not
 * handle): `run` throws `failure` in its place. The client wraps a call that never reached a
 * connection, and a read whose same parameters already failed within the window (one broken
 * record asked again and again, which must not open the circuit for every other record).
 */
export class UncountedFailure extends Error {
  constructor(readonly failure: unknown) {
    super('uncounted upstream failure');
  }
}

const stateName: Record<CircuitState, BreakerState> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half_open',
  [CircuitState.Isolated]: 'open',
};

/**
 * One circuit breaker per upstream operation, from cockatiel: a
 * sampling breaker trips on the failure RATE over a sliding window, not on a run of consecutive
 * failures, so a partly failing operation keeps serving the calls that succeed; and a failing
 * getOrder never short-circuits getAllOffers or a disbursement. Failures are network errors,
 * timeouts, 5xx answers and malformed answers; refusals (106, 110, 4xx) are answers, not
 * failures, and an UncountedFailure is neither. Transitions are logged.
 */
export class OperationBreakers {
  private readonly policies = new Map<string, CircuitBreakerPolicy>();

  constructor(
    private readonly options: BreakerOptions = defaultBreakerOptions,
    private readonly logger?: BreakerLogger,
  ) {}

  private policy(operation: string): CircuitBreakerPolicy {
    let policy = this.policies.get(operation);
    if (!policy) {
      policy = circuitBreaker(
        handleWhen((error) => !(error instanceof UncountedFailure)),
        {
          halfOpenAfter: this.options.halfOpenAfterMs,
          breaker: new SamplingBreaker({
            threshold: this.options.failureRate,
            duration: this.options.windowMs,
            minimumRps: this.options.minimumRps,
          }),
        },
      );
      policy.onStateChange((state) => {
        const fields = { operation, breaker: stateName[state] };
        if (state === CircuitState.Closed) this.logger?.info(fields, `breaker ${operation} closed`);
        else this.logger?.warn(fields, `breaker ${operation} ${stateName[state]}`);
      });
      this.policies.set(operation, policy);
    }
    return policy;
  }

  /**
   * Runs one call through the operation's circuit. `fn` throws to report a failure; its value
   * counts as a success. Throws CircuitOpenError without calling `fn` while the circuit is open.
   */
  async run<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await this.policy(operation).execute(fn);
    } catch (err) {
      if (err instanceof BrokenCircuitError || err instanceof IsolatedCircuitError) {
        throw new CircuitOpenError(`${operation}: circuit open`);
      }
      if (err instanceof UncountedFailure) throw err.failure;
      throw err;
    }
  }

  state(operation: string): BreakerState {
    const policy = this.policies.get(operation);
    return policy ? stateName[policy.state] : 'closed';
  }

  /** Every operation seen so far and its circuit. */
  states(): Record<string, BreakerState> {
    return Object.fromEntries([...this.policies.keys()].map((op) => [op, this.state(op)]));
  }
}

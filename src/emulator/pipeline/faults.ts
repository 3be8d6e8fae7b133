import type { EmulatorRequest, EmulatorResponse, TransportFault } from './http-types.js';
import { Random } from '../random.js';

export interface FaultOptions {
  /** Added to every answer, in milliseconds. */
  latencyMs: number;
  /** Uniform extra latency in [0, jitter]. */
  latencyJitterMs: number;
  /** Share of requests answered 500 or 503. */
  faultRate: number;
  /** Share of requests whose connection is reset before any answer. */
  resetRate: number;
  /** Share of answers whose body is sent slowly, over `slowBodyMs`. */
  slowBodyRate: number;
  slowBodyMs: number;
}

export const NO_FAULTS: FaultOptions = {
  latencyMs: 0,
  latencyJitterMs: 0,
  faultRate: 0,
  resetRate: 0,
  slowBodyRate: 0,
  slowBodyMs: 0,
};

/** A scripted fault for one request: an answer in place of the real one, or a transport fault. */
export type ScriptedFault = { status: number; headers?: Record<string, string> } | TransportFault;

/** Tests and rehearsals script faults by request number (1-based) or by request. */
export type FaultScript = (requestNumber: number, req: EmulatorRequest) => ScriptedFault | undefined;

export interface FaultDecision {
  delayMs: number;
  /** Replaces the answer before the request reaches the API logic. */
  replace?: EmulatorResponse;
  /** Misbehaviour of the transport while delivering the real answer. */
  transport?: TransportFault;
}

/** Decides, deterministically under a seed, how each request misbehaves. */
export class FaultInjector {
  private readonly random: Random;
  private requestCount = 0;
  script: FaultScript | undefined;

  constructor(
    seed: number,
    public options: FaultOptions,
  ) {
    this.random = new Random(seed ^ 0x5eed);
  }

  decide(req: EmulatorRequest): FaultDecision {
    this.requestCount++;
    const { latencyMs, latencyJitterMs, faultRate, resetRate, slowBodyRate, slowBodyMs } = this.options;
    const delayMs = latencyMs + (latencyJitterMs > 0 ? this.random.next() * latencyJitterMs : 0);
    const scripted = this.script?.(this.requestCount, req);
    if (scripted !== undefined) {
      if ('status' in scripted) return { delayMs, replace: serverAnswer(scripted.status, scripted.headers) };
      return { delayMs, transport: scripted };
    }
    if (resetRate > 0 && this.random.chance(resetRate)) return { delayMs, transport: { kind: 'reset' } };
    if (faultRate > 0 && this.random.chance(faultRate)) {
      return { delayMs, replace: serverAnswer(this.random.chance(0.5) ? 500 : 503) };
    }
    if (slowBodyRate > 0 && this.random.chance(slowBodyRate)) {
      return { delayMs, transport: { kind: 'slow-body', durationMs: slowBodyMs } };
    }
    return { delayMs };
  }
}

function serverAnswer(status: number, headers?: Record<string, string>): EmulatorResponse {
  const body =
    status === 429
      ? { errors: { rate_limit: 'Too many requests for this organization.' } }
      : { errors: { server: status >= 500 ? 'Internal error, please retry later' : 'Injected fault' } };
  return headers === undefined ? { status, body } : { status, body, headers };
}

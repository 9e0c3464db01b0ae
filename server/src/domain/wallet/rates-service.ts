import { z } from 'zod';
import { DISPLAY_CURRENCIES, FALLBACK_RATES, type DisplayCurrency, type TExchangeRates } from '@curio/shared';
import type { Clock } from '../../clock.ts';
import type { AppServices } from '../../app-services.ts';
import { componentLogger } from '../../observability/logger.ts';

/** Exported so a test can count the lines it writes. */
export const ratesLog = componentLogger('rates');

const DEFAULT_TIMEOUT_MS = 5000;

/** The part of open.er-api.com's `/v6/latest/USD` answer we rely on. */
const ZRatesResponse = z.object({
  result: z.string().optional(),
  base_code: z.literal('USD').optional(),
  rates: z.record(z.string(), z.number().positive()),
});

export interface RatesServiceOptions {
  url: string;
  clock: Clock;
  /** Where a failed refresh is reported, one line per failure. */
  warn?: (line: string) => void;
  timeoutMs?: number;
}

/**
 * Latest USD exchange rates for the display currencies (rule W-16). Rates are cosmetic: when
 * the rates service cannot be reached the last good rates stay, or the fallback rates
 * when there never were any, so a machine without internet works the same, only staler.
 */
export class RatesService {
  private rates: TExchangeRates;
  private everRefreshed = false;
  private inFlight: Promise<TExchangeRates> | null = null;
  private readonly abort = new AbortController();
  private readonly url: string;
  private readonly clock: Clock;
  private readonly warn: (line: string) => void;
  private readonly timeoutMs: number;

  constructor(options: RatesServiceOptions) {
    this.url = options.url;
    this.clock = options.clock;
    this.warn = options.warn ?? ((line) => ratesLog.warn(line));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.rates = this.fallback();
  }

  current(): TExchangeRates {
    return this.rates;
  }

  /** The rates, refreshing first when no refresh was ever attempted (e.g. jobs are off). */
  async latest(): Promise<TExchangeRates> {
    if (!this.everRefreshed) return this.refresh();
    return this.rates;
  }

  /** Fetches fresh rates; never throws. Concurrent callers share one request. */
  refresh(): Promise<TExchangeRates> {
    this.inFlight ??= this.fetchRates().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** Cancels a request still running, so a stopping process does not wait for it. */
  stop(): void {
    this.abort.abort();
  }

  private async fetchRates(): Promise<TExchangeRates> {
    this.everRefreshed = true;
    try {
      const response = await fetch(this.url, {
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.abort.signal]),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = ZRatesResponse.parse(await response.json());
      if (body.result !== undefined && body.result !== 'success') throw new Error(`result ${body.result}`);
      const rates = {} as Record<DisplayCurrency, number>;
      for (const code of DISPLAY_CURRENCIES) {
        const rate = body.rates[code];
        if (rate === undefined) throw new Error(`no rate for ${code}`);
        rates[code] = rate;
      }
      this.rates = { base: 'USD', rates, source: 'live', fetchedAt: this.clock.now() };
    } catch (error) {
      if (this.abort.signal.aborted) return this.rates;
      const reason = error instanceof z.ZodError ? 'unexpected response shape' : describe(error);
      const kept = this.rates.source === 'live' ? 'keeping the last live rates' : 'using fallback rates';
      this.warn(`[rates] refresh from ${this.url} failed (${reason}); ${kept}`);
      if (this.rates.source === 'fallback') this.rates = this.fallback();
    }
    return this.rates;
  }

  private fallback(): TExchangeRates {
    return { base: 'USD', rates: { ...FALLBACK_RATES }, source: 'fallback', fetchedAt: this.clock.now() };
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch wraps the network error ("fetch failed"); the cause says what actually happened
  const cause = (error as Error & { cause?: unknown }).cause;
  if (cause instanceof Error) return `${error.message}: ${(cause as Error & { code?: string }).code ?? cause.message}`;
  return error.name === 'TimeoutError' ? 'timed out' : error.message;
}

const instances = new WeakMap<AppServices, RatesService>();

/** The one RatesService of a running app, shared by the refresh job and the procedure. */
export function ratesServiceFor(services: AppServices): RatesService {
  let rates = instances.get(services);
  if (!rates) {
    rates = new RatesService({ url: services.config.ratesUrl, clock: services.clock });
    instances.set(services, rates);
  }
  return rates;
}

/** What the chat fan-out bench plans to send and what each client actually received. */
import { distribution, parseContent, seededRandom, type Distribution } from './stats.ts';

export interface PlannedMessage {
  sender: number;
  receiver: number;
  /** Sender and receiver are connected to different server processes. */
  cross: boolean;
}

/**
 * `count` messages between random pairs of `clients` clients; client i is on server
 * i % servers. With probability `crossShare` the receiver is on another server than the sender.
 */
export function planMessages(count: number, clients: number, servers: number, crossShare: number, seed: number): PlannedMessage[] {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const plans: PlannedMessage[] = [];
  for (let id = 0; id < count; id++) {
    const sender = pick(clients);
    const senderServer = sender % servers;
    const cross = servers > 1 && random() < crossShare;
    let receiver: number;
    do {
      // a client index on the wanted server: server + k * servers
      const server = cross ? (senderServer + 1 + pick(servers - 1)) % servers : senderServer;
      const onServer = Math.ceil((clients - server) / servers);
      receiver = server + pick(onServer) * servers;
    } while (receiver === sender);
    plans.push({ sender, receiver, cross });
  }
  return plans;
}

export interface Verification {
  messages: number;
  /** Messages that never reached their receiver. */
  lost: number;
  /** Extra copies at the receiver (a message received twice counts once per extra copy). */
  duplicated: number;
  /** The sender's own copy (the stream yields sent messages too): missing and repeated. */
  echoLost: number;
  echoDuplicated: number;
  /** Deliveries to a client that is neither sender nor receiver. */
  misdelivered: number;
  /** Frames whose content was not one of ours (or was masked by the contact filter). */
  malformed: number;
  /** Per client, a seq not above the previous one (only the Curio stream carries seqs). */
  outOfOrder: number;
  ok: boolean;
}

export class Deliveries {
  readonly sentAt: Float64Array;
  readonly ackAt: Float64Array;
  readonly deliveredAt: Float64Array;
  readonly echoedAt: Float64Array;
  private readonly deliveryLatency: Float64Array;
  private readonly echoLatency: Float64Array;
  private readonly received: Uint16Array;
  private readonly echoed: Uint16Array;
  private readonly lastSeq: Float64Array;
  delivered = 0;
  echoes = 0;
  misdelivered = 0;
  malformed = 0;
  outOfOrder = 0;
  lastActivity = performance.now();
  /** Called on the first copy of a message at its sender (the baseline's acknowledgement). */
  onEcho: ((id: number) => void) | null = null;

  readonly plans: PlannedMessage[];

  constructor(plans: PlannedMessage[], clients: number) {
    this.plans = plans;
    const m = plans.length;
    const nan = () => new Float64Array(m).fill(Number.NaN);
    this.sentAt = nan();
    this.ackAt = nan();
    this.deliveredAt = nan();
    this.echoedAt = nan();
    this.deliveryLatency = nan();
    this.echoLatency = nan();
    this.received = new Uint16Array(m);
    this.echoed = new Uint16Array(m);
    this.lastSeq = new Float64Array(clients).fill(Number.NEGATIVE_INFINITY);
  }

  /**
   * A message frame reached `client` at `at` (performance.now()). The latency runs from the send
   * time carried in the content itself, so it covers everything from the sender's call on.
   */
  record(client: number, content: string, at: number, seq?: number): void {
    this.lastActivity = at;
    if (seq !== undefined) {
      if (seq <= this.lastSeq[client]!) this.outOfOrder += 1;
      else this.lastSeq[client] = seq;
    }
    const parsed = parseContent(content);
    const plan = parsed ? this.plans[parsed.id] : undefined;
    if (!parsed || !plan) {
      this.malformed += 1;
      return;
    }
    const { id, sentAtMs } = parsed;
    if (client === plan.receiver) {
      this.received[id] = this.received[id]! + 1;
      if (this.received[id] === 1) {
        this.delivered += 1;
        this.deliveredAt[id] = at;
        this.deliveryLatency[id] = at - sentAtMs;
      }
    } else if (client === plan.sender) {
      this.echoed[id] = this.echoed[id]! + 1;
      if (this.echoed[id] === 1) {
        this.echoes += 1;
        this.echoedAt[id] = at;
        this.echoLatency[id] = at - sentAtMs;
        this.onEcho?.(id);
      }
    } else {
      this.misdelivered += 1;
    }
  }

  /** Everything expected has arrived at least once. */
  get complete(): boolean {
    return this.delivered === this.plans.length && this.echoes === this.plans.length;
  }

  verify(): Verification {
    let lost = 0;
    let duplicated = 0;
    let echoLost = 0;
    let echoDuplicated = 0;
    for (let id = 0; id < this.plans.length; id++) {
      if (this.received[id] === 0) lost += 1;
      else duplicated += this.received[id]! - 1;
      if (this.echoed[id] === 0) echoLost += 1;
      else echoDuplicated += this.echoed[id]! - 1;
    }
    const ok = lost + duplicated + echoLost + echoDuplicated + this.misdelivered + this.malformed + this.outOfOrder === 0;
    return {
      messages: this.plans.length,
      lost,
      duplicated,
      echoLost,
      echoDuplicated,
      misdelivered: this.misdelivered,
      malformed: this.malformed,
      outOfOrder: this.outOfOrder,
      ok,
    };
  }

  latencies(): { delivery: Distribution; deliveryCross: Distribution; deliverySame: Distribution; echo: Distribution; ack: Distribution } {
    const all: number[] = [];
    const cross: number[] = [];
    const same: number[] = [];
    const echo: number[] = [];
    const ack: number[] = [];
    this.plans.forEach((plan, id) => {
      const latency = this.deliveryLatency[id]!;
      if (!Number.isNaN(latency)) {
        all.push(latency);
        (plan.cross ? cross : same).push(latency);
      }
      if (!Number.isNaN(this.echoLatency[id]!)) echo.push(this.echoLatency[id]!);
      const acked = this.ackAt[id]! - this.sentAt[id]!;
      if (!Number.isNaN(acked)) ack.push(acked);
    });
    return {
      delivery: distribution(all),
      deliveryCross: distribution(cross),
      deliverySame: distribution(same),
      echo: distribution(echo),
      ack: distribution(ack),
    };
  }

  /** From the first send to the last first-copy delivery (receiver or echo), in ms. */
  span(): number {
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (let id = 0; id < this.plans.length; id++) {
      first = Math.min(first, this.sentAt[id]!);
      if (!Number.isNaN(this.deliveredAt[id]!)) last = Math.max(last, this.deliveredAt[id]!);
      if (!Number.isNaN(this.echoedAt[id]!)) last = Math.max(last, this.echoedAt[id]!);
    }
    return last - first;
  }
}

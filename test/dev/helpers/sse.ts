// A minimal Server-Sent Events client (Node 20 has no EventSource), for the
// dev-server tests and the watch benchmark: it records every event with the
// time it arrived, and waits for the next one that matches.
import { get, type ClientRequest } from 'node:http';

export interface SseEvent {
  event: string;
  data: unknown;
  /** performance.now() when the event was parsed. */
  at: number;
}

export class SseClient {
  readonly events: SseEvent[] = [];
  private waiters: { match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  private buffer = '';

  private constructor(private readonly request: ClientRequest) {}

  /** Connects and resolves once the server's `hello` event arrived. */
  static connect(url: string): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const request = get(url, { headers: { Accept: 'text/event-stream' } });
      const client = new SseClient(request);
      request.on('error', reject);
      request.on('response', (res) => {
        if (res.statusCode !== 200) reject(new Error(`The event stream answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => client.receive(chunk));
        void client.next('hello', () => true, 10_000).then(() => resolve(client), reject);
      });
    });
  }

  /** The first event named `event` (or any of several names; already received after `since`, or still to come) that `match` accepts. */
  next(event: string | string[], match: (data: never) => boolean = () => true, timeoutMs = 30_000, since = 0): Promise<SseEvent> {
    const names = [event].flat();
    const test = (e: SseEvent): boolean => names.includes(e.event) && e.at >= since && match(e.data as never);
    const found = this.events.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const got = (): string => this.events.map((e) => `${e.event} ${JSON.stringify(e.data).slice(0, 200)}`).join('\n');
      const timer = setTimeout(() => reject(new Error(`No matching "${names.join('" or "')}" event within ${timeoutMs} ms; got:\n${got()}`)), timeoutMs);
      this.waiters.push({ match: test, resolve: (e) => { clearTimeout(timer); resolve(e); } });
    });
  }

  close(): void {
    this.request.destroy();
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data.push(line.slice(6));
      }
      if (!data.length) continue; // comments, retry hints
      const parsed: SseEvent = { event, data: JSON.parse(data.join('\n')), at: performance.now() };
      this.events.push(parsed);
      const ready = this.waiters.filter((w) => w.match(parsed));
      this.waiters = this.waiters.filter((w) => !ready.includes(w));
      ready.forEach((w) => w.resolve(parsed));
    }
  }
}

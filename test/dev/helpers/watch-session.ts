// One `pkidocs serve --watch` run in a fixture with its own copy of the
// sources, as the watch tests drive it: the real CLI, its output collected,
// and an open reload channel that records every rebuild's event.
import { spawn, type ChildProcess } from 'node:child_process';
import { createFixture, type Fixture } from './fixture.ts';
import { SseClient } from './sse.ts';

export interface WatchSession {
  site: Fixture;
  cli: ChildProcess;
  url: string;
  events: SseClient;
  /** Everything the CLI printed so far, stdout and stderr interleaved. */
  output(): string;
  /** The first match of `pattern` in the output from offset `from`; throws once the CLI exits or time is up. */
  waitForOutput(pattern: RegExp, from?: number, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The number of the last rebuild the reload channel reported (0: none yet). */
  lastBuild(): number;
  /** Closes the channel, kills the CLI if it still runs and removes the fixture. */
  stop(): Promise<void>;
}

/** Makes the fixture `name`, lets `prepare` change it before the watcher starts, starts the CLI and connects. */
export async function startWatching(name: string, prepare: (site: Fixture) => void = () => {}): Promise<WatchSession> {
  const site = await createFixture(name, { withSource: true });
  prepare(site);
  const cli = spawn(process.execPath, [site.path('bin/pkidocs.js'), 'serve', '--watch', '--port', '0'], { cwd: site.root, env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  cli.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  cli.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const session: WatchSession = {
    site, cli, url: '', events: undefined as unknown as SseClient,
    output: () => output,
    async waitForOutput(pattern, from = 0, timeoutMs = 90_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const m = output.slice(from).match(pattern);
        if (m) return m;
        if (cli.exitCode !== null || Date.now() > end) throw new Error(`No ${pattern} in the CLI output:\n${output}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    lastBuild: () => Math.max(0, ...session.events.events.map((e) => (e.data as { build?: number }).build ?? 0)),
    async stop() {
      session.events?.close();
      if (cli.exitCode === null) cli.kill('SIGKILL');
      await site.remove();
    },
  };
  try {
    session.url = (await session.waitForOutput(/Serving \S+ at (http:\/\/127\.0\.0\.1:\d+)\//))[1]!;
    session.events = await SseClient.connect(`${session.url}/__pkidocs/events`);
  } catch (e) {
    await session.stop();
    throw e;
  }
  return session;
}

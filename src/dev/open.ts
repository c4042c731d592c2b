// `--open`: hands the URL to the system's browser launcher. The launcher is
// detached on purpose: the browser is the reader's, not ours to stop.
import { spawn } from 'node:child_process';
import type { Reporter } from '../site/reporter.ts';

export function browserCommand(url: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url]];
  return ['xdg-open', [url]];
}

export function openBrowser(url: string, reporter: Reporter): void {
  const [command, args] = browserCommand(url);
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => reporter.info(`No browser could be opened (${command} is missing); open ${url} yourself.`));
  child.unref();
}

// `--open`: hands the URL to the system's browser launcher. The launcher is
// detached on purpose: the browser is the reader's, not ours to stop.
import { spawn } from 'node:child_process';
import type { Reporter } from '../site/reporter.ts';

/** Characters cmd.exe reads as no command syntax (no & | < > ^ % " ( ) or space). */
const PLAIN_URL = /^[A-Za-z0-9._~:/?#=-]+$/;

/** The launcher and its arguments; undefined when the URL holds what cmd would run as a command. */
export function browserCommand(url: string, platform: NodeJS.Platform = process.platform): [string, string[]] | undefined {
  if (platform === 'darwin') return ['open', [url]];
  if (platform === 'win32') return PLAIN_URL.test(url) ? ['cmd', ['/c', 'start', '""', url]] : undefined;
  return ['xdg-open', [url]];
}

export function openBrowser(url: string, reporter: Reporter): void {
  const launcher = browserCommand(url);
  if (!launcher) {
    reporter.info(`The browser was not opened: ${url} holds characters the system's launcher would read as commands; open it yourself.`);
    return;
  }
  const [command, args] = launcher;
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => reporter.info(`No browser could be opened (${command} is missing); open ${url} yourself.`));
  child.unref();
}

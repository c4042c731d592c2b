// Which Host headers the dev server answers. A page on another site can make
// its own domain resolve to 127.0.0.1 (DNS rebinding) and then read this
// server's pages and watch-mode errors as same-origin responses; the Host
// header still names that domain, so only names of this machine are accepted.
import { isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';

/** Whether `host` (a --host value or a Host header's name, brackets removed) is a loopback name. */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

/** The names a server bound to `bindHost` answers to, besides loopback ones (lower case, IPv6 without brackets). */
export function allowedNames(bindHost: string): Set<string> {
  const names = new Set([bindHost.toLowerCase().replace(/^\[(.*)\]$/, '$1')]);
  // Bound to every interface: the machine's own addresses and name are meant to work too.
  if (names.has('0.0.0.0') || names.has('::')) {
    names.add(hostname().toLowerCase());
    for (const list of Object.values(networkInterfaces())) for (const i of list ?? []) names.add(i.address.toLowerCase());
  }
  return names;
}

/** The name in a Host header (`name`, `name:port`, `[v6]`, `[v6]:port`), or undefined when it is malformed. */
export function hostName(header: string): string | undefined {
  const m = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9._-]+))(?::(\d{1,5}))?$/i.exec(header.trim());
  if (!m) return undefined;
  return (m[1] ?? m[2]!).toLowerCase();
}

/** Why a request with this Host header is refused, or undefined when it is accepted. */
export function refuseHost(header: string | undefined, allowed: ReadonlySet<string>): string | undefined {
  const name = header === undefined ? undefined : hostName(header);
  if (name !== undefined && (isLoopback(name) || allowed.has(name))) return undefined;
  const named = header === undefined ? 'no Host header' : `the Host header "${header.slice(0, 100)}"`;
  return `This preview server answers only requests for 127.0.0.1, localhost, [::1] or the --host it was started with, and this one had ${named} (a guard against DNS rebinding). Open the site through one of those addresses.`;
}

// Counts in messages: "1 page", "2 pages", never "1 pages" nor "page(s)".

/** `count` with the noun in the singular or the plural (the plural defaults to noun + "s"). */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : nouns}`;
}

/** A size in megabytes with one decimal ("0.1 MB"), or in kilobytes below 0.1 MB, so a small write never reads "0.0 MB". */
export function size(bytes: number): string {
  return bytes >= 1e5 || bytes === 0 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

/**
 * A server-sent-events reader for tests of GET /api/live: opens the stream over real HTTP and
 * hands out its events (and comment lines) in order, waiting for the next one with a timeout.
 */
import { LiveVersion } from '../../contract/live.js';

export interface StreamItem {
  /** `version` for an event, `comment` for a `: ...` line. */
  kind: string;
  data: string;
}

export interface LiveStream {
  status: number;
  headers: Headers;
  /** The next item, or an error after `timeoutMs`. */
  next(timeoutMs?: number): Promise<StreamItem>;
  /** Waits until an event of `version` at least `min` arrives; returns it. */
  versionAtLeast(min: number, timeoutMs?: number): Promise<number>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openLiveStream(url: string, headers: Record<string, string> = {}): Promise<LiveStream> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream', ...headers } });
  const items: StreamItem[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let done = false;
  const wake = () => waiters.splice(0).forEach((w) => w());
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      const reader = res.body.getReader();
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) items.push({ kind: 'comment', data: block.slice(1).trim() });
          else {
            const field = (name: string) =>
              block
                .split('\n')
                .find((l) => l.startsWith(`${name}: `))
                ?.slice(name.length + 2) ?? '';
            items.push({ kind: field('event') || 'message', data: field('data') });
          }
          wake();
        }
      }
    } catch {
      // Aborted by close().
    }
    done = true;
    wake();
  })();

  const next = async (timeoutMs = 5000): Promise<StreamItem> => {
    const deadline = Date.now() + timeoutMs;
    while (items.length === 0) {
      if (done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no stream item within ${timeoutMs} ms`);
      await Promise.race([new Promise<void>((r) => waiters.push(r)), new Promise((r) => setTimeout(r, left)), ended]);
    }
    return items.shift()!;
  };

  return {
    status: res.status,
    headers: res.headers,
    next,
    async versionAtLeast(min, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const item = await next(Math.max(1, deadline - Date.now()));
        if (item.kind !== 'version') continue;
        const { version } = LiveVersion.parse(JSON.parse(item.data));
        if (version >= min) return version;
      }
    },
    ended,
    close: () => abort.abort(),
  };
}

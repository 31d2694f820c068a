/**
 * A local stand-in for Discord's webhook endpoint: a real HTTP server on 127.0.0.1 that records
 * every request (as soon as its body has arrived) and answers from a script (status and JSON body,
 * after `delayMs`, or no answer at all with `hangUp`: the connection is dropped). Once the script
 * is used up it answers like Discord: a POST with `?wait=true` creates a message and answers it
 * with its id (200; 204 without `wait`), a PATCH of `<webhook>/messages/<id>` edits that message
 * (200) or answers 404 with code 10008 (Unknown Message) when it does not exist or was deleted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  method: string;
  path: string;
  contentType: string | undefined;
  body: unknown;
  answered: number;
}

export interface ScriptedAnswer {
  status: number;
  body?: object;
  /** Answer only after this long (a slow Discord). */
  delayMs?: number;
  /** Drop the connection once the request has arrived, without answering. */
  hangUp?: boolean;
}

export interface Receiver {
  origin: string;
  port: number;
  /** Every request, PATCHes included. */
  posts: ReceivedPost[];
  /** The messages in the channel by id: the latest body each was posted or edited with. */
  messages: Map<string, unknown>;
  /** Someone deletes the message in Discord. */
  deleteMessage(id: string): void;
  /** Answers for the next requests, in order. */
  script(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

/** Listens on `port` (default: any free one). */
export async function startReceiver(port = 0): Promise<Receiver> {
  const posts: ReceivedPost[] = [];
  const messages = new Map<string, unknown>();
  let lastId = 1_000_000_000_000_000_000n;
  const discordAnswer = (method: string, url: URL, body: unknown): ScriptedAnswer => {
    const edit = /\/messages\/(\d+)$/.exec(url.pathname);
    if (method === 'PATCH' && edit) {
      if (!messages.has(edit[1])) return { status: 404, body: { message: 'Unknown Message', code: 10008 } };
      messages.set(edit[1], body);
      return { status: 200, body: { id: edit[1] } };
    }
    if (method === 'POST' && url.searchParams.get('wait') === 'true') {
      const id = String(++lastId);
      messages.set(id, body);
      return { status: 200, body: { id } };
    }
    return { status: 204 };
  };
  const answers: ScriptedAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = Buffer.concat(chunks).toString('utf8');
      }
      const method = req.method ?? 'GET';
      const answer = answers.shift() ?? discordAnswer(method, new URL(req.url ?? '/', 'http://receiver'), body);
      posts.push({
        method,
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        body,
        answered: answer.status,
      });
      if (answer.hangUp) {
        req.socket.destroy();
        return;
      }
      const reply = () => {
        res.statusCode = answer.status;
        if (answer.body) {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(answer.body));
        } else res.end();
      };
      if (!answer.delayMs) return reply();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) reply();
      }, answer.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    port: address.port,
    posts,
    messages,
    deleteMessage: (id) => void messages.delete(id),
    script: (...a) => answers.push(...a),
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A local stand-in for Discord's webhook endpoint: a real HTTP server on 127.0.0.1 that records
 * every POST (as soon as its body has arrived) and answers from a script (status and JSON body,
 * after `delayMs`, or no answer at all with `hangUp`: the connection is dropped), 204 once the
 * script is used up.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
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
  posts: ReceivedPost[];
  /** Answers for the next requests, in order. */
  script(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

/** Listens on `port` (default: any free one). */
export async function startReceiver(port = 0): Promise<Receiver> {
  const posts: ReceivedPost[] = [];
  const answers: ScriptedAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = answers.shift() ?? { status: 204 };
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = Buffer.concat(chunks).toString('utf8');
      }
      posts.push({ path: req.url ?? '', contentType: req.headers['content-type'], body, answered: answer.status });
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
    script: (...a) => answers.push(...a),
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

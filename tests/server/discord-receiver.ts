/**
 * A local stand-in for Discord's webhook endpoint: a real HTTP server on 127.0.0.1 that records
 * every POST and answers from a script (status and JSON body), 204 once the script is used up.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  path: string;
  contentType: string | undefined;
  body: unknown;
  answered: number;
}

export interface Receiver {
  origin: string;
  posts: ReceivedPost[];
  /** Answers for the next requests, in order. */
  script(...answers: Array<{ status: number; body?: object }>): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const posts: ReceivedPost[] = [];
  const answers: Array<{ status: number; body?: object }> = [];
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
      res.statusCode = answer.status;
      if (answer.body) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer.body));
      } else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    posts,
    script: (...a) => answers.push(...a),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

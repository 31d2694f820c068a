/**
 * A TCP proxy in front of the test PostgreSQL server, so a test can make the database go away and
 * come back without touching the shared server: `refuse()` cuts every connection and stops
 * listening (a restart: ECONNREFUSED), `hang()` cuts them and then accepts connections it never
 * answers (a network partition), `open()` forwards again on the same port.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  refuse(): Promise<void>;
  hang(): Promise<void>;
  open(): Promise<void>;
  close(): Promise<void>;
}

type Mode = 'open' | 'hang' | 'refuse';

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: Mode = 'open';
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const cutAll = () => {
    for (const s of sockets) s.destroy();
  };

  const server = net.createServer((client) => {
    track(client);
    if (mode !== 'open') return; // 'hang': accepted, never answered
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    async refuse() {
      mode = 'refuse';
      const closed = stopListening();
      cutAll();
      await closed;
    },
    async hang() {
      mode = 'hang';
      cutAll();
      if (!server.listening) await listen(port);
    },
    async open() {
      cutAll();
      mode = 'open';
      if (!server.listening) await listen(port);
    },
    async close() {
      mode = 'refuse';
      const closed = stopListening();
      cutAll();
      await closed;
    },
  };
}

/**
 * GET /api/live: the data version as server-sent events (contract/live.ts), so open screens
 * refresh when a poll commits. Unbuffered through a reverse proxy (`X-Accel-Buffering: no`),
 * never cached or compressed; on PostgreSQL the version is also read every 2 s, so a change
 * committed by another process reaches this one's streams too. A client address (`request.ip`,
 * as TRUST_PROXY allows; an IPv6 address as its /64, rules/address-bucket.ts) keeps at most 8
 * streams open (429), the process at most 1000 (503).
 */
import { liveUpdates } from '../../../contract/live.js';
import { addressBucket } from '../../../rules/address-bucket.js';
import type { RouteModule } from '../context.js';
import { route } from '../endpoint-route.js';
import { LiveHub, type LiveHubOptions } from '../live-hub.js';

export function liveRoutes(options: LiveHubOptions = {}): RouteModule {
  return (app, { db }) => {
    const hub = new LiveHub(db, { pollMs: db.kind === 'postgres' ? 2000 : 0, ...options });
    // Before the server stops accepting: open streams would otherwise hold app.close() forever.
    app.addHook('preClose', async () => hub.close());
    app.addHook('onClose', async () => hub.close());

    route(app, liveUpdates, async (request, reply) => {
      const slot = hub.reserve(addressBucket(request.ip));
      if (slot === 'full') {
        reply.header('Retry-After', '30');
        return reply.code(503).send({ error: 'Too many live streams open; try again later' });
      }
      if (slot === 'address-full') {
        reply.header('Retry-After', '30');
        return reply.code(429).send({
          error: `Too many live streams open from this address (${hub.maxPerAddress}); close one and try again`,
        });
      }
      const res = reply.raw;
      // However the stream ends (client gone, write error, app close), it leaves the hub and frees its slot.
      const closed = () => {
        hub.remove(res);
        slot.release();
      };
      res.on('close', closed);
      // A write racing a dropped connection must not become an unhandled 'error'.
      res.on('error', closed);
      // Fastify's hooks (the security headers) have set theirs on the reply; written by hand below.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      reply.hijack();
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      res.socket?.setNoDelay(true);
      request.log.debug('live stream opened');
      try {
        await hub.add(res);
        // Gone while its first version was read: 'close' came before the hub knew it.
        if (res.destroyed) closed();
      } catch (err) {
        request.log.warn({ err }, 'live stream: reading the data version failed');
        res.end();
      }
    });
  };
}

export default liveRoutes();

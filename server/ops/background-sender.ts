/**
 * A sender that runs inside the server (Discord posts, web push): `afterPoll()` (called once a
 * poll has committed) queues what came due and sends it in the background, never holding up the
 * poll; a timer sends the retries that come due in between. One pass at a time; `stop()` lets
 * the request in progress end and claims nothing more.
 */
export interface BackgroundSender {
  afterPoll(): void;
  /** One pass (queue, then send): what the background runs, exposed for tests. */
  runOnce(queue?: boolean): Promise<void>;
  stop(): Promise<void>;
}

export interface BackgroundSenderOptions {
  /** Named in the log line when a pass fails, e.g. 'Discord'. */
  name: string;
  intervalMs: number;
  log: { error(obj: object, msg?: string): void };
  queue(): Promise<unknown>;
  deliver(stopping: () => boolean): Promise<unknown>;
}

export function startBackgroundSender(o: BackgroundSenderOptions): BackgroundSender {
  let current: Promise<void> = Promise.resolve();
  let stopped = false;

  const pass = async (queue: boolean) => {
    try {
      if (queue) await o.queue();
      await o.deliver(() => stopped);
    } catch (err) {
      o.log.error({ err: err instanceof Error ? err.message : String(err) }, `${o.name} pass failed`);
    }
  };
  const runOnce = (queue = true) => {
    current = current.then(() => (stopped ? undefined : pass(queue)));
    return current;
  };
  const timer = setInterval(() => void runOnce(false), o.intervalMs);
  timer.unref();

  return {
    afterPoll: () => void runOnce(true),
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}

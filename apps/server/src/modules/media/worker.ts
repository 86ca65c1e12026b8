import { setTimeout as sleep } from 'node:timers/promises';
import type { MediaLogger, MediaService } from './media-service';

/** How long an idle slot waits before it looks for work again. */
export const WORKER_IDLE_MS = 5_000;
/** How often a node without ffmpeg repeats that uploaded videos wait for it. */
const WAITING_WARNING_MS = 10 * 60_000;

/**
 * The transcode worker of a node (KEZHAN_ROLE=all or worker): MEDIA_TRANSCODE_CONCURRENCY slots,
 * each claiming the next asset (`for update skip locked`, with a renewed lease) and running it
 * to the end, then the next. Any number of nodes run one; no two slots anywhere hold the same
 * asset, and an asset whose worker died is taken over when its lease lapses. `stop()` ends the
 * running transcodes and hands their assets back to the queue at once.
 */
export class TranscodeWorker {
  private readonly stopping = new AbortController();
  private slots: Promise<void>[] = [];
  private lastWarning = 0;

  constructor(
    private readonly media: MediaService,
    private readonly options: { concurrency: number; idleMs?: number; logger?: MediaLogger },
  ) {}

  get running(): boolean {
    return this.slots.length > 0 && !this.stopping.signal.aborted;
  }

  start(): void {
    if (this.slots.length > 0) return;
    for (let slot = 0; slot < this.options.concurrency; slot += 1) this.slots.push(this.loop());
    this.options.logger?.info(
      { concurrency: this.options.concurrency, ffmpeg: this.media.ffmpegAvailable },
      'transcode worker started',
    );
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled(this.slots);
  }

  private async loop(): Promise<void> {
    const { signal } = this.stopping;
    while (!signal.aborted) {
      let outcome = null;
      try {
        outcome = await this.media.runOne({ signal });
        if (outcome === null) await this.warnWithoutFfmpeg();
      } catch (error) {
        // The database is unreachable, say: wait and try again rather than end the slot.
        this.options.logger?.warn({ error: (error as Error).message }, 'transcode worker: claim failed');
      }
      if (outcome === null || outcome === 'interrupted') {
        await sleep(this.options.idleMs ?? WORKER_IDLE_MS, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  private async warnWithoutFfmpeg(): Promise<void> {
    const now = Date.now();
    if (this.media.ffmpegAvailable || now - this.lastWarning < WAITING_WARNING_MS) return;
    this.lastWarning = now;
    await this.media.waitingForFfmpeg();
  }
}

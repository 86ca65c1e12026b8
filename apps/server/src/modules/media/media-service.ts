import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { PlayUrl } from '@kezhan/contract/courses';
import type { ServerEnv } from '../../config/env';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { loginSessionStands } from '../../shared/auth/guard';
import type { SettingsService } from '../../shared/settings/settings-service';
import {
  ladderFor,
  MediaSourceError,
  posterArgs,
  SOURCE_MESSAGES,
  probeSource,
  runFfmpeg,
  toolAvailable,
  transcodeArgs,
  type Rendition,
  type TranscodePlan,
} from './ffmpeg';
import { KeyVault } from '../../shared/crypto/key-vault';
import {
  KEY_PLACEHOLDER,
  masterPlaylist,
  measureBandwidth,
  parseMediaPlaylist,
  packageSegmentedHls,
  rewriteMediaPlaylist,
} from './playlists';
import { isStagedPlaylist } from './ingest';
import { MediaSigner, type MediaGrant, type MediaGrantKind, type MediaScope } from './signing';
import { S3MediaStore } from './object-store';
import type { MediaAssetsTable } from './tables';
import { MediaUploads } from './uploads';

export type MediaAsset = Selectable<MediaAssetsTable>;

/** A rendition as stored in `media_assets.renditions`: the full ladder, then the trial one. */
export type StoredRendition = Rendition & { scope?: MediaScope; playlist?: string };

export const MEDIA_PROCESSING_MESSAGE = '视频处理中，请稍后再试';

/** A claim is renewed while its transcode runs; a worker that died lets it lapse after this. */
export const LEASE_MS = 60_000;
const HEARTBEAT_MS = 5_000;
/** Interrupted this many times: the asset fails instead of being retried forever. */
export const MAX_ATTEMPTS = 3;

const RENDITION_NAME = /^(\d{2,4}p|src)$/;
const GENERATION = /^[a-f0-9]{32}$/;
const SEGMENT_FILE = /^seg-\d{1,6}\.ts$/;

export interface MediaLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const silent: MediaLogger = { info() {}, warn() {} };

export type ProcessOutcome = 'ready' | 'failed' | 'lost' | 'interrupted' | 'waiting';

/**
 * A trial at least as long as the lesson is the whole lesson: the full ladder plays as the trial
 * and nothing is cut (the transcode cuts a trial only below the rounded length).
 */
export function trialCoversWhole(asset: Pick<MediaAsset, 'duration'>, freeSeconds: number): boolean {
  return asset.duration > 0 && freeSeconds >= asset.duration;
}

/**
 * Seconds a running transcode still needs, from its progress since it was claimed (null while
 * nothing is known yet: not transcoding, or under 1 % done).
 */
export function transcodeEtaSeconds(
  asset: Pick<MediaAsset, 'status' | 'progress' | 'claimed_at'>,
  now: Date,
): number | null {
  if (asset.status !== 'transcoding' || !asset.claimed_at || asset.progress < 1) return null;
  const elapsed = Math.max(0, (now.getTime() - asset.claimed_at.getTime()) / 1000);
  return Math.round((elapsed * (100 - asset.progress)) / asset.progress);
}

/** The media signing key: MEDIA_SIGNING_SECRET, else derived from the JWT secret (never the JWT key itself). */
export function deriveMediaSigningKey(signingSecret: string, jwtSecret: string): Buffer {
  return createHmac('sha256', signingSecret || jwtSecret)
    .update('kezhan:media-url:v1')
    .digest();
}

export interface MediaServiceOptions {
  db: Db;
  env: ServerEnv;
  vault: KeyVault;
  signer: MediaSigner;
  /** Read for the single-device login rule when a grant's session is checked. */
  settings: SettingsService;
  now: () => Date;
  logger?: MediaLogger;
  /** STORAGE_DRIVER=s3: renditions go to the bucket and segments are played from presigned addresses. */
  objectStore?: S3MediaStore | null;
  /**
   * How much of a video a member may watch right now (the courses module decides:
   * `currentVideoAccess` in modules/courses/videos.ts); asked again for every key.
   */
  videoAccess: (
    db: Db,
    userId: number,
    videoId: number,
    now: Date,
  ) => Promise<{ kind: 'full' } | { kind: 'trial'; seconds: number } | { kind: 'none' }>;
  /** Written to media_assets.claimed_by; defaults to `hostname:pid`. */
  node?: string;
}

/**
 * Protected video: ingest (one asset per video), the transcode / package pipeline with a
 * per-asset claim, and playback through signed, expiring addresses (see ARCHITECTURE.md).
 */
export class MediaService {
  readonly root: string;
  /** Resumable source uploads (tus), see uploads.ts. */
  readonly uploads: MediaUploads;
  logger: MediaLogger;
  /** video id → asset id (a video keeps its asset), so serving a segment needs no query. */
  private readonly assetIds = new Map<number, number>();
  private active = 0;

  constructor(private readonly options: MediaServiceOptions) {
    this.root = path.join(options.env.dataDir, 'media');
    this.logger = options.logger ?? silent;
    this.uploads = new MediaUploads({
      db: options.db,
      dataDir: options.env.dataDir,
      maxBytes: options.env.media.maxUploadBytes,
      now: options.now,
    });
  }

  private get db() {
    return this.options.db;
  }

  /** Another worker over the same database and files, as a second node would be (tests, the bench). */
  anotherWorker(node: string): MediaService {
    return new MediaService({ ...this.options, node });
  }

  private get env() {
    return this.options.env.media;
  }

  get ffmpegAvailable(): boolean {
    return toolAvailable(this.env.ffmpegPath) && toolAvailable(this.env.ffprobePath);
  }

  assetDir(assetId: number): string {
    return path.join(this.root, 'assets', String(assetId));
  }

  sourceFile(asset: Pick<MediaAsset, 'source_path'>): string {
    return path.resolve(this.root, asset.source_path);
  }

  // ---------------------------------------------------------------- ingest

  /** Sends an asset through the pipeline again (e.g. after `free_seconds` changed). */
  async reprocess(assetId: number): Promise<boolean> {
    return this.requeue(assetId);
  }

  /**
   * Puts an asset back in the queue as if just uploaded: no progress, failure, attempts or claim.
   * With `readyGeneration`, only a `ready` asset of that generation moves (see requeueForTrial).
   */
  private async requeue(assetId: number, readyGeneration?: string): Promise<boolean> {
    let update = this.db
      .updateTable('media_assets')
      .set({
        status: 'uploaded',
        progress: 0,
        failure_reason: '',
        attempts: 0,
        claim_token: null,
        lease_until: null,
        updated_at: this.options.now(),
      })
      .where('id', '=', assetId);
    if (readyGeneration !== undefined) {
      update = update.where('status', '=', 'ready').where('generation', '=', readyGeneration);
    }
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  // ---------------------------------------------------------------- pipeline

  /**
   * Claims the next asset to process (or the given one): `uploaded`, or `transcoding` whose
   * worker stopped renewing its claim. One statement with SKIP LOCKED, so of several workers
   * exactly one gets a given asset.
   */
  async claimNext(options: { assetId?: number; hlsSourcesOnly?: boolean } = {}): Promise<MediaAsset | null> {
    const now = this.options.now();
    const token = randomBytes(16).toString('hex');
    const worker = this.options.node ?? `${os.hostname()}:${process.pid}`;
    const claimable = sql`(status = 'uploaded' or (status = 'transcoding' and lease_until < ${now}))`;
    const only = options.assetId !== undefined ? sql`and id = ${options.assetId}` : sql``;
    const hls = options.hlsSourcesOnly ? sql`and source_path like '%.m3u8'` : sql``;
    const result = await sql<MediaAsset>`
      update media_assets
         set status = 'transcoding', claim_token = ${token}, lease_until = ${new Date(now.getTime() + LEASE_MS)},
             attempts = attempts + 1, progress = 0, updated_at = ${now},
             claimed_at = ${now}, claimed_by = ${worker.slice(0, 128)}
       where id = (select id from media_assets where ${claimable} ${only} ${hls}
                    order by id limit 1 for update skip locked)
         and ${claimable}
      returning *`.execute(this.db);
    const asset = result.rows[0] ?? null;
    if (asset && asset.attempts > MAX_ATTEMPTS) {
      await this.finishFailed(
        asset,
        `转码中断 ${MAX_ATTEMPTS} 次，请重新上传视频（或运行 media:reprocess ${asset.id}）`,
      );
      return this.claimNext(options);
    }
    return asset;
  }

  /** Transcodes running in this process now (at most MEDIA_TRANSCODE_CONCURRENCY). */
  get activeTranscodes(): number {
    return this.active;
  }

  /**
   * Claims one asset and runs it, unless this process already runs MEDIA_TRANSCODE_CONCURRENCY
   * transcodes (the worker's slots and the scheduled job share that limit). Answers null when
   * nothing was claimed. A run stopped by `signal` (the node shutting down) hands its asset back
   * at once instead of letting the claim lapse.
   */
  async runOne(
    options: { signal?: AbortSignal; packageOnly?: boolean } = {},
  ): Promise<ProcessOutcome | null> {
    if (this.active >= this.env.transcodeConcurrency) return null;
    this.active += 1;
    try {
      const packageOnly = !!options.packageOnly || !this.ffmpegAvailable;
      const asset = await this.claimNext({ hlsSourcesOnly: packageOnly });
      if (!asset) return null;
      const outcome = await this.process(asset, { signal: options.signal, packageOnly });
      if (outcome === 'interrupted') await this.release(asset);
      return outcome;
    } finally {
      this.active -= 1;
    }
  }

  /** Hands a claimed asset back to the queue (its worker is stopping); another worker takes it now. */
  private async release(asset: MediaAsset): Promise<void> {
    await this.db
      .updateTable('media_assets')
      .set((eb) => ({
        status: 'uploaded',
        progress: 0,
        claim_token: null,
        lease_until: null,
        attempts: eb('attempts', '-', 1),
        updated_at: this.options.now(),
      }))
      .where('id', '=', asset.id)
      .where('claim_token', '=', asset.claim_token)
      .where('status', '=', 'transcoding')
      .execute();
  }

  /** Processes claimed assets until none is left (or `max`). What the scheduled job and media:process run. */
  async runPending(
    options: { max?: number; signal?: AbortSignal; packageOnly?: boolean } = {},
  ): Promise<Record<ProcessOutcome, number>> {
    const counts: Record<ProcessOutcome, number> = {
      ready: 0,
      failed: 0,
      lost: 0,
      interrupted: 0,
      waiting: 0,
    };
    const ffmpeg = this.ffmpegAvailable && !options.packageOnly;
    if (!ffmpeg && !options.packageOnly) {
      counts.waiting = await this.waitingForFfmpeg();
    }
    for (let i = 0; i < (options.max ?? 20); i += 1) {
      if (options.signal?.aborted) break;
      const outcome = await this.runOne({ signal: options.signal, packageOnly: !ffmpeg });
      if (!outcome) break;
      counts[outcome] += 1;
    }
    return counts;
  }

  /** Uploaded videos that need ffmpeg, which this node lacks; logged for the operator. */
  async waitingForFfmpeg(): Promise<number> {
    const waiting = await this.db
      .selectFrom('media_assets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'uploaded')
      .where('source_path', 'not like', '%.m3u8')
      .executeTakeFirstOrThrow();
    const count = Number(waiting.n);
    if (count > 0) {
      this.logger.warn(
        { ffmpeg: this.env.ffmpegPath, waiting: count },
        'Transcoding unavailable: ffmpeg not found (install ffmpeg or set FFMPEG_PATH); uploaded videos wait',
      );
    }
    return count;
  }

  /** Runs one claimed asset to `ready` or `failed`; output goes to a fresh folder published at the end. */
  async process(
    asset: MediaAsset,
    options: { signal?: AbortSignal; packageOnly?: boolean } = {},
  ): Promise<ProcessOutcome> {
    const token = asset.claim_token!;
    const work = path.join(this.assetDir(asset.id), token);
    const lost = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, lost.signal]) : lost.signal;
    let progress = 0;
    const heartbeat = setInterval(() => {
      void this.renew(asset.id, token, progress).then((held) => {
        if (!held) lost.abort();
      });
    }, HEARTBEAT_MS);
    const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-key-'));
    try {
      fs.rmSync(work, { recursive: true, force: true });
      fs.mkdirSync(work, { recursive: true });
      const result = await this.build(asset, work, keyDir, signal, !!options.packageOnly, (share) => {
        progress = Math.min(99, Math.floor(share * 100));
      });
      if (signal.aborted) throw new Error('interrupted');
      const renditions = storedRenditions(work, result);
      const store = this.options.objectStore;
      if (store) await store.uploadGeneration(asset.id, token, work);
      if (signal.aborted) throw new Error('interrupted');
      const published = await this.publish(asset, token, result, renditions);
      if (!published) {
        fs.rmSync(work, { recursive: true, force: true });
        return 'lost';
      }
      if (store) {
        // The bucket holds the segments now; drop the local copy and the previous generation's objects.
        fs.rmSync(this.assetDir(asset.id), { recursive: true, force: true });
        await this.deleteRemoteGeneration(store, asset).catch((error: Error) =>
          this.logger.warn({ asset: asset.id, error: error.message }, 'Old media objects left in the bucket'),
        );
      } else {
        this.removeOtherGenerations(asset.id, token);
      }
      this.logger.info({ asset: asset.id, video: asset.video_id }, 'Media asset ready');
      return 'ready';
    } catch (error) {
      if (signal.aborted) {
        // Killed or the claim was taken over: the claim lapses and the next run starts afresh.
        fs.rmSync(work, { recursive: true, force: true });
        return lost.signal.aborted ? 'lost' : 'interrupted';
      }
      fs.rmSync(work, { recursive: true, force: true });
      // Operators read the reason (console, media:list): Chinese, no paths; the detail is logged.
      const reason = error instanceof MediaSourceError ? error.message : SOURCE_MESSAGES.transcode;
      const detail = error instanceof MediaSourceError ? error.detail : (error as Error).message;
      await this.finishFailed(asset, reason);
      this.logger.warn({ asset: asset.id, reason, detail }, 'Media asset failed');
      return 'failed';
    } finally {
      clearInterval(heartbeat);
      fs.rmSync(keyDir, { recursive: true, force: true });
    }
  }

  private async renew(assetId: number, token: string, progress: number): Promise<boolean> {
    const now = this.options.now();
    const result = await this.db
      .updateTable('media_assets')
      .set({ lease_until: new Date(now.getTime() + LEASE_MS), progress, updated_at: now })
      .where('id', '=', assetId)
      .where('claim_token', '=', token)
      .where('status', '=', 'transcoding')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private async finishFailed(asset: MediaAsset, reason: string): Promise<void> {
    await this.db
      .updateTable('media_assets')
      .set({
        status: 'failed',
        failure_reason: reason.slice(0, 1000),
        claim_token: null,
        lease_until: null,
        updated_at: this.options.now(),
      })
      .where('id', '=', asset.id)
      .where('claim_token', '=', asset.claim_token)
      .execute();
  }

  private async build(
    asset: MediaAsset,
    work: string,
    keyDir: string,
    signal: AbortSignal,
    packageOnly: boolean,
    onProgress: (share: number) => void,
  ): Promise<BuiltAsset> {
    const source = this.sourceFile(asset);
    const stat = fs.statSync(source, { throwIfNoEntry: false });
    if (!stat?.isFile()) {
      throw new MediaSourceError(SOURCE_MESSAGES.missing, `source file missing: ${asset.source_path}`);
    }
    if (stat.size > this.env.maxUploadBytes) {
      throw new MediaSourceError(
        SOURCE_MESSAGES.tooLarge,
        `source is ${Math.ceil(stat.size / 1048576)} MB, over MEDIA_MAX_UPLOAD_MB`,
      );
    }
    const allowPlaylist = isStagedPlaylist(source);
    const video = asset.video_id
      ? await this.db
          .selectFrom('videos')
          .select(['free_seconds'])
          .where('id', '=', asset.video_id)
          .executeTakeFirst()
      : undefined;
    const freeSeconds = video?.free_seconds ?? 0;
    const fullKey = KeyVault.newContentKey();
    const trialKey = KeyVault.newContentKey();

    if (packageOnly || !this.ffmpegAvailable) {
      // Already segmented HLS (the demo) is packaged without ffmpeg: encrypted, not re-encoded.
      const full = packageSegmentedHls(source, path.join(work, 'full', 'src'), fullKey);
      const trial =
        freeSeconds > 0 && freeSeconds < Math.round(full.duration)
          ? packageSegmentedHls(source, path.join(work, 'trial', 'src'), trialKey, freeSeconds)
          : null;
      onProgress(1);
      return {
        renditions: [{ name: 'src', width: 0, height: 0, bandwidth: full.bandwidth }],
        trialRendition: trial ? 'src' : '',
        duration: full.duration,
        trialSeconds: trial ? Math.min(freeSeconds, Math.floor(trial.duration)) : 0,
        trialFor: freeSeconds,
        fullKey,
        trialKey: trial ? trialKey : null,
        hasPoster: false,
      };
    }

    const probed = await probeSource(this.env.ffprobePath, source, { allowPlaylist });
    const ladder = ladderFor(probed.height, this.env.ladder);
    const withTrial = freeSeconds > 0 && freeSeconds < Math.round(probed.duration);
    const keyInfo = (name: string, key: Buffer) => {
      const keyFile = path.join(keyDir, `${name}.key`);
      fs.writeFileSync(keyFile, key, { mode: 0o600 });
      const infoFile = path.join(keyDir, `${name}.keyinfo`);
      fs.writeFileSync(infoFile, `${KEY_PLACEHOLDER}\n${keyFile}\n`, { mode: 0o600 });
      return infoFile;
    };
    const fullInfo = keyInfo('full', fullKey);
    const plan: TranscodePlan = {
      source,
      allowPlaylist,
      preset: this.env.x264Preset,
      hasAudio: probed.hasAudio,
      outputs: ladder.map((step) => ({
        ...step,
        keyInfoFile: fullInfo,
        dir: path.join(work, 'full', `${step.height}p`),
      })),
    };
    if (withTrial) {
      const lowest = ladder[0];
      plan.outputs.push({
        ...lowest,
        limitSeconds: freeSeconds,
        keyInfoFile: keyInfo('trial', trialKey),
        dir: path.join(work, 'trial', `${lowest.height}p`),
      });
    }
    for (const output of plan.outputs) fs.mkdirSync(output.dir, { recursive: true });
    await runFfmpeg(this.env.ffmpegPath, transcodeArgs(plan), {
      signal,
      onProgress: (seconds) => onProgress(seconds / probed.duration),
    });
    let hasPoster = true;
    try {
      await runFfmpeg(
        this.env.ffmpegPath,
        posterArgs(source, Math.min(1, probed.duration / 3), path.join(work, 'poster.jpg'), allowPlaylist),
        { signal },
      );
    } catch (error) {
      if (signal.aborted) throw error;
      hasPoster = false;
    }
    const widthOf = (height: number) =>
      probed.height ? Math.max(2, Math.round((probed.width * height) / probed.height / 2) * 2) : 0;
    return {
      renditions: ladder.map((step) => ({
        name: `${step.height}p`,
        width: widthOf(step.height),
        height: step.height,
        bandwidth: measureBandwidth(path.join(work, 'full', `${step.height}p`)),
      })),
      trialRendition: withTrial ? `${ladder[0].height}p` : '',
      duration: probed.duration,
      trialSeconds: withTrial ? freeSeconds : 0,
      trialFor: freeSeconds,
      fullKey,
      trialKey: withTrial ? trialKey : null,
      hasPoster,
    };
  }

  /** Publishes a finished generation, only while this worker still holds the claim. */
  private async deleteRemoteGeneration(store: S3MediaStore, previous: MediaAsset): Promise<void> {
    if (!previous.generation) return;
    if (previous.has_poster)
      await store.delete(S3MediaStore.keyOf(previous.id, previous.generation, 'poster.jpg'));
    for (const rendition of JSON.parse(previous.renditions) as StoredRendition[]) {
      if (!rendition.playlist) continue;
      const scope = rendition.scope ?? 'full';
      for (const segment of parseMediaPlaylist(rendition.playlist).segments) {
        await store.delete(
          S3MediaStore.keyOf(previous.id, previous.generation, `${scope}/${rendition.name}/${segment.uri}`),
        );
      }
    }
  }

  private async publish(
    asset: MediaAsset,
    token: string,
    built: BuiltAsset,
    renditions: StoredRendition[],
  ): Promise<boolean> {
    const { vault } = this.options;
    const now = this.options.now();
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('media_assets')
        .set({
          status: 'ready',
          progress: 100,
          failure_reason: '',
          claim_token: null,
          lease_until: null,
          generation: token,
          renditions: JSON.stringify(renditions),
          trial_rendition: built.trialRendition,
          duration: Math.round(built.duration),
          trial_seconds: built.trialSeconds,
          trial_for: built.trialFor,
          full_key: vault.wrap(built.fullKey),
          trial_key: built.trialKey ? vault.wrap(built.trialKey) : '',
          has_poster: built.hasPoster ? 1 : 0,
          updated_at: now,
        })
        .where('id', '=', asset.id)
        .where('claim_token', '=', token)
        .where('status', '=', 'transcoding')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      if (asset.video_id) {
        await trx
          .updateTable('videos')
          .set({ duration: Math.max(1, Math.round(built.duration)) })
          .where('id', '=', asset.video_id)
          .execute();
      }
      return true;
    });
  }

  private removeOtherGenerations(assetId: number, keep: string): void {
    const dir = this.assetDir(assetId);
    for (const entry of fs.readdirSync(dir)) {
      if (entry !== keep) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
  }

  // ---------------------------------------------------------------- playback

  private signGrant(grant: Omit<MediaGrant, 'exp'>, exp: number): string {
    return this.options.signer.sign({ ...grant, exp });
  }

  async assetOfVideo(videoId: number): Promise<MediaAsset | undefined> {
    return this.db.selectFrom('media_assets').selectAll().where('video_id', '=', videoId).executeTakeFirst();
  }

  /**
   * playinfo's URL for a video with an asset: a signed master playlist address of the scope,
   * valid MEDIA_URL_TTL seconds. `null` = the video has no asset (its `url` is used as before).
   */
  async playUrls(
    video: { id: number; duration: number; free_seconds: number },
    viewer: { id: number; loginId: number },
    scope: MediaScope,
    appUrl: string,
    trialSeconds: number,
  ): Promise<PlayUrl[] | null> {
    const asset = await this.assetOfVideo(video.id);
    if (!asset) return null;
    if (!asset.generation) throw new BusinessError(MEDIA_PROCESSING_MESSAGE);
    let served = scope;
    if (scope === 'trial') {
      if (trialCoversWhole(asset, video.free_seconds)) {
        // Nothing to cut: the trial is the whole lesson, played from the full ladder as it is.
        served = 'full';
      } else if (!asset.trial_rendition || (asset.trial_for ?? asset.trial_seconds) !== video.free_seconds) {
        // free_seconds changed since the trial was cut: cut it again; meanwhile no trial is served,
        // so a shortened trial never hands out more than it now allows.
        await this.requeueForTrial(asset.id, asset.generation);
        return [];
      }
    }
    const exp = Math.floor(this.options.now().getTime() / 1000) + this.env.urlTtlSeconds;
    const token = this.signGrant(
      { videoId: video.id, userId: viewer.id, session: viewer.loginId, scope: served, kind: 'm' },
      exp,
    );
    const duration = asset.duration || video.duration;
    return [
      {
        url: `${appUrl}/media/hls/${video.id}/${served}/master.m3u8?t=${token}`,
        format: 'm3u8',
        duration:
          scope === 'full'
            ? duration
            : Math.min(trialSeconds, served === 'full' ? duration : asset.trial_seconds),
        name: scope === 'trial' ? '试看' : '',
      },
    ];
  }

  /**
   * Queues a published asset once for a new trial cut. Only a `ready` asset of this generation
   * moves, so however many members ask meanwhile, one change of free_seconds is one transcode (a
   * failed asset waits for an operator's media:reprocess).
   */
  private async requeueForTrial(assetId: number, generation: string): Promise<void> {
    await this.requeue(assetId, generation);
  }

  /** An upload grant for one video's new source, valid `ttlSeconds` (handed out by the CLI). */
  uploadToken(videoId: number, ttlSeconds: number): string {
    const exp = Math.floor(this.options.now().getTime() / 1000) + ttlSeconds;
    return this.options.signer.signUpload(videoId, exp);
  }

  /** The video an upload grant is for, when it is valid. */
  verifyUploadToken(token: unknown): number | null {
    return this.options.signer.verifyUpload(token, this.options.now().getTime())?.videoId ?? null;
  }

  /**
   * The grant of a request's token, when it is valid for this video and scope and of the kind the
   * address takes: `m` (from playinfo) for the master playlist, `p` (from a playlist) elsewhere.
   */
  verify(videoId: number, scope: string, kind: MediaGrantKind, token: unknown): MediaGrant | null {
    const grant = this.options.signer.verify(token, videoId, this.options.now().getTime());
    return grant && grant.scope === scope && grant.kind === kind ? grant : null;
  }

  /**
   * Whether the grant still stands and its member may, right now, watch the video in the grant's
   * scope. The login session that asked playinfo for it must stand too: logout, a password change,
   * a lock or a newer login under the single-device rule end the member's addresses at once.
   */
  async entitled(grant: MediaGrant): Promise<boolean> {
    const now = this.options.now();
    if (!(await loginSessionStands(this.db, this.options.settings, grant.userId, grant.session, now)))
      return false;
    const access = await this.options.videoAccess(this.db, grant.userId, grant.videoId, now);
    if (access.kind === 'full') return true;
    if (access.kind !== 'trial') return false;
    if (grant.scope === 'trial') return true;
    // A trial as long as the lesson plays the full stream (playUrls hands out a full grant).
    const asset = await this.readyAsset(grant.videoId);
    return !!asset && trialCoversWhole(asset, access.seconds);
  }

  private async readyAsset(videoId: number): Promise<MediaAsset | null> {
    const asset = await this.assetOfVideo(videoId);
    return asset?.generation ? asset : null;
  }

  private renditionsOf(asset: MediaAsset, scope: MediaScope): StoredRendition[] {
    const all = JSON.parse(asset.renditions) as StoredRendition[];
    const full = all.filter((r) => r.scope !== 'trial');
    if (scope === 'full') return full;
    const stored = all.find((r) => r.scope === 'trial');
    if (stored) return [stored];
    const trial = full.find((r) => r.name === asset.trial_rendition);
    return asset.trial_rendition
      ? [trial ?? { name: asset.trial_rendition, width: 0, height: 0, bandwidth: 1 }]
      : [];
  }

  async masterPlaylist(grant: MediaGrant): Promise<string | null> {
    const asset = await this.readyAsset(grant.videoId);
    if (!asset) return null;
    const renditions = this.renditionsOf(asset, grant.scope);
    if (renditions.length === 0) return null;
    // Addresses inside a playlist outlive the master's grant by the video's length, so a viewer
    // can watch to the end; derived from the master's expiry, never from now, so fetching the
    // master again cannot push the end back: a grant lives at most MEDIA_URL_TTL + the length.
    const inner = this.signGrant({ ...grant, kind: 'p' }, grant.exp + Math.max(asset.duration, 60));
    return masterPlaylist(
      renditions,
      (r) => `/media/hls/${grant.videoId}/${grant.scope}/${r.name}/index.m3u8?t=${inner}`,
    );
  }

  async mediaPlaylist(grant: MediaGrant, rendition: string, token: string): Promise<string | null> {
    const asset = await this.readyAsset(grant.videoId);
    if (!asset || !RENDITION_NAME.test(rendition)) return null;
    const stored = this.renditionsOf(asset, grant.scope).find((r) => r.name === rendition);
    if (!stored) return null;
    const generation = asset.generation!;
    let text = stored.playlist;
    if (text === undefined) {
      const file = path.join(this.assetDir(asset.id), generation, grant.scope, rendition, 'index.m3u8');
      if (!fs.existsSync(file)) return null;
      text = fs.readFileSync(file, 'utf8');
    }
    const store = this.options.objectStore;
    const secondsLeft = grant.exp - Math.floor(this.options.now().getTime() / 1000);
    const base = `/media/seg/${grant.videoId}/${generation}/${grant.scope}/${rendition}`;
    return rewriteMediaPlaylist(
      text,
      `/media/hls/${grant.videoId}/${grant.scope}/key?t=${token}`,
      (segment) =>
        store
          ? store.segmentUrl(
              S3MediaStore.keyOf(asset.id, generation, `${grant.scope}/${rendition}/${segment}`),
              secondsLeft,
            )
          : `${base}/${segment}?t=${token}`,
    );
  }

  async contentKey(grant: MediaGrant): Promise<Buffer | null> {
    const asset = await this.readyAsset(grant.videoId);
    const wrapped = grant.scope === 'full' ? asset?.full_key : asset?.trial_key;
    return wrapped ? this.options.vault.unwrap(wrapped) : null;
  }

  /** The file of an encrypted segment, or null. */
  async segmentFile(
    grant: MediaGrant,
    generation: string,
    rendition: string,
    segment: string,
  ): Promise<string | null> {
    if (!GENERATION.test(generation) || !RENDITION_NAME.test(rendition) || !SEGMENT_FILE.test(segment))
      return null;
    let assetId = this.assetIds.get(grant.videoId);
    if (assetId === undefined) {
      const asset = await this.assetOfVideo(grant.videoId);
      if (!asset) return null;
      assetId = asset.id;
      if (this.assetIds.size >= 10_000) this.assetIds.clear();
      this.assetIds.set(grant.videoId, assetId);
    }
    const file = path.join(this.assetDir(assetId), generation, grant.scope, rendition, segment);
    return fs.existsSync(file) ? file : null;
  }

  // ---------------------------------------------------------------- operations

  /** Re-wraps every stored key under the current MEDIA_KEY_SECRET; answers how many changed. */
  async rekey(): Promise<number> {
    const { vault } = this.options;
    const rows = await this.db.selectFrom('media_assets').select(['id', 'full_key', 'trial_key']).execute();
    let changed = 0;
    for (const row of rows) {
      const rewrap = (wrapped: string) =>
        wrapped && !vault.isCurrent(wrapped) ? vault.wrap(vault.unwrap(wrapped)) : wrapped;
      const fullKey = rewrap(row.full_key);
      const trialKey = rewrap(row.trial_key);
      if (fullKey === row.full_key && trialKey === row.trial_key) continue;
      await this.db
        .updateTable('media_assets')
        .set({ full_key: fullKey, trial_key: trialKey })
        .where('id', '=', row.id)
        .execute();
      changed += 1;
    }
    return changed;
  }
}

/** The ladder and the trial rendition, each with its media playlist as written (served from the database). */
function storedRenditions(work: string, built: BuiltAsset): StoredRendition[] {
  const playlist = (scope: MediaScope, name: string) =>
    fs.readFileSync(path.join(work, scope, name, 'index.m3u8'), 'utf8');
  const full: StoredRendition[] = built.renditions.map((r) => ({ ...r, playlist: playlist('full', r.name) }));
  if (!built.trialRendition) return full;
  const base = built.renditions.find((r) => r.name === built.trialRendition) ?? built.renditions[0];
  const trialDir = path.join(work, 'trial', built.trialRendition);
  return [
    ...full,
    {
      ...base,
      scope: 'trial',
      bandwidth: measureBandwidth(trialDir),
      playlist: playlist('trial', built.trialRendition),
    },
  ];
}

interface BuiltAsset {
  renditions: Rendition[];
  trialRendition: string;
  duration: number;
  trialSeconds: number;
  /** The free_seconds the trial was cut for (whatever the cut's exact length). */
  trialFor: number;
  fullKey: Buffer;
  trialKey: Buffer | null;
  hasPoster: boolean;
}

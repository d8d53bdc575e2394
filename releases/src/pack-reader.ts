// Reading an upload off the server's event loop: the request's body is passed to a worker thread (pack-worker.ts)
// chunk by chunk as it arrives; the worker unzips, checks and hashes it and hands the unzipped bytes back.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PACK_LIMITS, PackError, type PackLimits, type PackManifest } from './pack.js';
import type { WorkerAnswer, WorkerRequest } from './pack-worker.js';

// The built worker (dist/), whether this module runs from dist/ or, in the tests, from src/.
const WORKER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/pack-worker.js');

/** A pack as checked: its manifest, and each file's bytes. */
export class CheckedPack {
  constructor(
    readonly manifest: PackManifest,
    readonly files: { path: string; data: Buffer }[],
  ) {}
}

/** An upload whose compressed size passed the limit while it was read. */
export class PackTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the pack is larger than ${limit} bytes`);
    this.name = 'PackTooLarge';
  }
}

/**
 * Reads and checks a pack in a worker thread as its chunks arrive. Rejects with PackTooLarge past packBytes (the
 * rest is not read), with a PackError naming what is wrong, or with the worker's own failure.
 */
export async function readPackInWorker(
  source: AsyncIterable<Buffer | string>,
  limits: Partial<PackLimits> = {},
): Promise<CheckedPack> {
  const limit = { ...PACK_LIMITS, ...limits };
  const worker = new Worker(WORKER, {
    workerData: limit,
    // The worker's own heap; the unzipped bytes are Buffers, bounded by the limits it checks.
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
  });
  const answered = new Promise<WorkerAnswer>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the pack reader stopped (exit code ${code})`)));
  });
  // A refusal may come before the upload ends: stop reading then.
  let done = false;
  const finished = answered.then(
    () => (done = true),
    () => (done = true),
  );
  void finished;
  try {
    let received = 0;
    for await (const chunk of source) {
      if (done) break;
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      received += bytes.length;
      if (received > limit.packBytes) throw new PackTooLarge(limit.packBytes);
      const copy = new Uint8Array(bytes).buffer;
      worker.postMessage({ chunk: copy } satisfies WorkerRequest, [copy]);
    }
    if (!done) worker.postMessage({ end: true } satisfies WorkerRequest);
    const result = await answered;
    if (!result.ok) throw result.pack ? new PackError(result.reason) : new Error(result.reason);
    const archive = Buffer.from(result.archive);
    return new CheckedPack(
      result.manifest,
      result.files.map((file) => ({ path: file.path, data: archive.subarray(file.start, file.end) })),
    );
  } finally {
    answered.catch(() => undefined);
    await worker.terminate();
  }
}

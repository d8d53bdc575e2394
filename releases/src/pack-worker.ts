// The worker thread behind readPackInWorker (pack-reader.ts): it unzips an upload as its chunks arrive, bounded,
// then checks it whole (readArchive: every header, path, size and SHA-256), so none of that work runs on the
// server's event loop. It answers once: the manifest and each file's place in the unzipped bytes, whose buffer is
// handed over, not copied; or the PackError's message.
import { parentPort, workerData } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import { PACK_LIMITS, PackError, inflateError, inflatedLimit, readArchive, type PackLimits } from './pack.js';

export type WorkerRequest = { chunk: ArrayBuffer } | { end: true };
export type WorkerAnswer =
  | {
      ok: true;
      manifest: ReturnType<typeof readArchive>['manifest'];
      files: { path: string; start: number; end: number }[];
      archive: ArrayBuffer;
    }
  | { ok: false; reason: string; pack: boolean };

const port = parentPort;
if (!port) throw new Error('pack-worker.ts runs as a worker thread');
const limit: PackLimits = { ...PACK_LIMITS, ...(workerData as Partial<PackLimits>) };
const maxOutput = inflatedLimit(limit);
// Large output chunks: fewer events and copies for a pack of many MiB.
const gunzip = createGunzip({ chunkSize: 1024 * 1024 });
const parts: Buffer[] = [];
let size = 0;
let answered = false;

function answer(message: WorkerAnswer, transfer: ArrayBuffer[] = []) {
  if (answered) return;
  answered = true;
  port?.postMessage(message, transfer);
  port?.close();
}

function refuse(error: unknown) {
  if (error instanceof PackError) answer({ ok: false, reason: error.message, pack: true });
  else answer({ ok: false, reason: error instanceof Error ? error.message : String(error), pack: false });
}

gunzip.on('data', (chunk: Buffer) => {
  size += chunk.length;
  if (size > maxOutput) {
    const error = Object.assign(new Error('too large'), { code: 'ERR_PACK_TOO_LARGE' });
    refuse(inflateError(error, limit));
    gunzip.destroy();
    return;
  }
  parts.push(chunk);
});
gunzip.on('error', (error) => refuse(inflateError(error, limit)));
gunzip.on('end', () => {
  if (answered) return;
  try {
    // An ArrayBuffer of its own (never Node's shared pool), so handing it over moves exactly these bytes.
    const buffer = new ArrayBuffer(size);
    const archive = Buffer.from(buffer);
    let at = 0;
    for (const part of parts) at += part.copy(archive, at);
    parts.length = 0;
    const { manifest, files } = readArchive(archive, limit);
    answer(
      {
        ok: true,
        manifest,
        files: files.map((file) => ({
          path: file.path,
          start: file.data.byteOffset,
          end: file.data.byteOffset + file.data.length,
        })),
        archive: buffer,
      },
      [buffer],
    );
  } catch (error) {
    refuse(error);
  }
});

port.on('message', (message: WorkerRequest) => {
  if (answered) return;
  if ('chunk' in message) gunzip.write(Buffer.from(message.chunk));
  else gunzip.end();
});

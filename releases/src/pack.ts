// A release pack: what `npm run release -- publish --to URL` uploads. A gzip'd POSIX tar (ustar) that
// this module writes and reads itself: regular files only, its first entry `release-pack.json` listing every other
// file's path, size and SHA-256. The reader trusts nothing in it: it checks each header's checksum, refuses links,
// folders and every other entry type, paths that are absolute, climb (`..`) or repeat, and sizes past the limits,
// and compares each file with the manifest, before a single byte is written anywhere.
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

export const PACK_MANIFEST = 'release-pack.json';
export const PACK_FORMAT = 1;
export const PACK_CONTENT_TYPE = 'application/vnd.metrology.release-pack+gzip';

/**
 * The pack limits (docs/releases.md "Ship from your own CI"): a real remote's two builds are about 10 MiB in
 * ~200 files.
 */
export const PACK_LIMITS = Object.freeze({
  /** The upload as sent (gzip'd). */
  packBytes: 64 * 1024 * 1024,
  /** Every file unpacked together (also bounds gunzip, so a small bomb cannot fill memory). */
  totalBytes: 256 * 1024 * 1024,
  fileBytes: 32 * 1024 * 1024,
  files: 5000,
  pathLength: 240,
  /** release-pack.json itself. */
  manifestBytes: 1024 * 1024,
});

/** A pack refused: the message says which entry and why. */
export class PackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackError';
  }
}

export type PackFile = { path: string; size: number; sha256: string };
export type PackManifest = { format: number; remote: string; version: string; files: PackFile[] };
export type PackLimits = typeof PACK_LIMITS;

const BLOCK = 512;

export function sha256(data: Buffer) {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Why a path may not be in a pack, or undefined when it may: relative, forward slashes, no empty, `.` or `..`
 * segment, printable, and not too long.
 */
export function unsafePathReason(name: string, maxLength: number = PACK_LIMITS.pathLength) {
  if (name === '') return 'is empty';
  if (name.length > maxLength) return `is longer than ${maxLength} characters`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(name)) return 'holds a control character or a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is absolute';
  const segments = name.split('/');
  if (segments.includes('..')) return "climbs out of the build ('..')";
  if (segments.some((segment) => segment === '' || segment === '.')) return "has an empty or '.' segment";
  return undefined;
}

// --- writing ---

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'ascii');
}

function tarHeader(name: string, size: number, type: string) {
  const header = Buffer.alloc(BLOCK);
  const bytes = Buffer.byteLength(name);
  let prefix = '';
  let base = name;
  if (bytes > 100) {
    // ustar splits a long path at a slash: up to 155 bytes of prefix, up to 100 of name.
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new PackError(`${name}: the path is too long for a pack`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  header.write(base, 0, 100, 'utf8');
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, size);
  writeOctal(header, 136, 12, 0);
  header.write('        ', 148, 8, 'ascii');
  header.write(type, 156, 1, 'ascii');
  header.write('ustar\u000000', 257, 8, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  writeOctal(header, 148, 7, checksum(header));
  header[155] = 0x20;
  return header;
}

/** @param header the checksum field counted as spaces */
function checksum(header: Buffer) {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (header[i] as number);
  return sum;
}

/**
 * Entries as given, unchecked, as a gzip'd tar: the writer under writePack, and how tests make packs that must be
 * refused. type: the tar type flag ('0' a file, '2' a symbolic link...).
 */
export function tarPack(entries: { name: string; data: Buffer; type?: string }[]) {
  const parts: Buffer[] = [];
  for (const { name, data, type = '0' } of entries) {
    parts.push(tarHeader(name, data.length, type), data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(parts));
}

/**
 * Every regular file of a build folder (its `.fingerprint` left out, as a publish leaves it out), sorted by path.
 * A symbolic link or any other special entry in the build is refused: a pack holds files only.
 *@param [options] clientOnly: server/ is left out
 */
export async function readBuildFiles(
  buildDir: string,
  { clientOnly = false }: { clientOnly?: boolean } = {},
): Promise<{ path: string; data: Buffer }[]> {
  const entries = await fs.readdir(buildDir, { recursive: true, withFileTypes: true });
  const files: { path: string; data: Buffer }[] = [];
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(buildDir, full).split(path.sep).join('/');
    if (entry.isDirectory()) continue;
    if (!entry.isFile()) throw new PackError(`${relative}: not a regular file (links are not packed)`);
    if (entry.name === '.fingerprint' && !relative.includes('/')) continue;
    if (clientOnly && relative.startsWith('server/')) continue;
    files.push({ path: relative, data: await fs.readFile(full) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The pack of a build: gzip'd tar, manifest first. */
export function writePack({
  remote,
  version,
  files,
}: {
  remote: string;
  version: string;
  files: { path: string; data: Buffer }[];
}): { pack: Buffer; manifest: PackManifest } {
  for (const file of files) {
    const reason = unsafePathReason(file.path);
    if (reason) throw new PackError(`${file.path}: the path ${reason}`);
  }
  const manifest: PackManifest = {
    format: PACK_FORMAT,
    remote,
    version,
    files: files.map((file) => ({ path: file.path, size: file.data.length, sha256: sha256(file.data) })),
  };
  const entries = [
    { name: PACK_MANIFEST, data: Buffer.from(JSON.stringify(manifest)) },
    ...files.map((file) => ({ name: file.path, data: file.data })),
  ];
  return { pack: tarPack(entries), manifest };
}

// --- reading ---

function readOctal(header: Buffer, offset: number, length: number, what: string) {
  const text = header
    .toString('ascii', offset, offset + length)
    .replace(/[\0 ]+$/, '')
    .replace(/^ +/, '');
  if (!/^[0-7]{1,12}$/.test(text)) throw new PackError(`a tar header's ${what} is not a number`);
  return parseInt(text, 8);
}

function readText(header: Buffer, offset: number, length: number) {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.toString('utf8', 0, end === -1 ? length : end);
}

const ENTRY_KINDS = {
  1: 'a hard link',
  2: 'a symbolic link',
  3: 'a character device',
  4: 'a block device',
  5: 'a folder entry',
  6: 'a FIFO',
  7: 'a contiguous file',
  x: 'an extended header',
  g: 'a global extended header',
  L: 'a GNU long name',
  K: 'a GNU long link',
} as Record<string, string>;

/**
 * Reads and checks a pack; nothing is written. Throws a PackError naming what is wrong. This runs on the calling
 * thread: a server reads uploads with readPackInWorker (pack-reader.ts) instead.
 * @param pack the upload as received
 */
export function readPack(
  pack: Buffer,
  limits: Partial<PackLimits> = {},
): { manifest: PackManifest; files: { path: string; data: Buffer }[] } {
  const limit = { ...PACK_LIMITS, ...limits };
  if (pack.length > limit.packBytes)
    throw new PackError(`the pack is ${pack.length} bytes; at most ${limit.packBytes} are accepted`);
  let archive;
  try {
    // Bounded: a pack that unzips past the total limit is refused, not unzipped into memory.
    archive = gunzipSync(pack, { maxOutputLength: inflatedLimit(limit) });
  } catch (error) {
    throw inflateError(error, limit);
  }
  return readArchive(archive, limit);
}

/** How many bytes a pack may unzip to: its files, their tar headers and padding, and the manifest. */
export function inflatedLimit(limit: PackLimits) {
  return limit.totalBytes + limit.manifestBytes + (limit.files + 3) * BLOCK * 2;
}

/** The PackError for a gunzip that failed. */
export function inflateError(error: unknown, limit: PackLimits) {
  const code = (error as { code?: string }).code;
  return new PackError(
    code === 'ERR_BUFFER_TOO_LARGE' || code === 'ERR_PACK_TOO_LARGE'
      ? `the pack unpacks to more than ${limit.totalBytes} bytes`
      : 'the pack is not a gzip stream',
  );
}

/** Checks an unzipped pack (a tar) entry by entry, then every file against the manifest. */
export function readArchive(
  archive: Buffer,
  limit: PackLimits,
): { manifest: PackManifest; files: { path: string; data: Buffer }[] } {
  const entries: { path: string; data: Buffer }[] = [];
  const seen = new Set<string>();
  let total = 0;
  let offset = 0;
  let ended = false;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) {
      ended = true;
      break;
    }
    if (readOctal(header, 148, 8, 'checksum') !== checksum(header))
      throw new PackError(`the tar header at byte ${offset} has a wrong checksum`);
    if (header.toString('ascii', 257, 263) !== 'ustar\0')
      throw new PackError(`the tar header at byte ${offset} is not POSIX ustar`);
    const prefix = readText(header, 345, 155);
    const name = prefix ? `${prefix}/${readText(header, 0, 100)}` : readText(header, 0, 100);
    const type = String.fromCharCode(header[156] as number);
    if (type !== '0' && type !== '\0')
      throw new PackError(
        `${name}: ${ENTRY_KINDS[type] ?? `an entry of type '${type}'`}; a pack holds regular files only`,
      );
    const reason = unsafePathReason(name, limit.pathLength);
    if (reason) throw new PackError(`${JSON.stringify(name)}: the path ${reason}`);
    if (seen.has(name)) throw new PackError(`${name}: the pack holds it twice`);
    seen.add(name);
    const size = readOctal(header, 124, 12, 'size');
    if (name === PACK_MANIFEST && size > limit.manifestBytes)
      throw new PackError(`${PACK_MANIFEST} is ${size} bytes; at most ${limit.manifestBytes} are accepted`);
    if (name !== PACK_MANIFEST && size > limit.fileBytes)
      throw new PackError(`${name}: ${size} bytes; a file may have at most ${limit.fileBytes}`);
    if (name !== PACK_MANIFEST) total += size;
    if (total > limit.totalBytes)
      throw new PackError(`the files add up to more than ${limit.totalBytes} bytes`);
    if (entries.length > limit.files) throw new PackError(`the pack holds more than ${limit.files} files`);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new PackError(`${name}: the pack ends inside this file`);
    entries.push({ path: name, data: archive.subarray(start, start + size) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (!ended) throw new PackError('the pack has no end (it was cut short)');
  if (!archive.subarray(offset).every((byte) => byte === 0))
    throw new PackError('the pack has data after its end');
  const clash = folderClash([...seen]);
  if (clash) throw new PackError(clash);

  const [first, ...files] = entries;
  if (!first || first.path !== PACK_MANIFEST)
    throw new PackError(`the pack does not start with ${PACK_MANIFEST}`);
  const manifest = parseManifest(first.data);
  const listed = new Map(manifest.files.map((file) => [file.path, file]));
  if (listed.size !== manifest.files.length) throw new PackError(`${PACK_MANIFEST} lists a path twice`);
  for (const file of files) {
    const expected = listed.get(file.path);
    if (!expected) throw new PackError(`${file.path}: in the pack but not in ${PACK_MANIFEST}`);
    if (expected.size !== file.data.length)
      throw new PackError(
        `${file.path}: ${file.data.length} bytes, but ${PACK_MANIFEST} says ${expected.size}`,
      );
    if (expected.sha256 !== sha256(file.data))
      throw new PackError(`${file.path}: its SHA-256 is not the one ${PACK_MANIFEST} gives`);
    listed.delete(file.path);
  }
  const missing = [...listed.keys()];
  if (missing.length) throw new PackError(`${missing[0]}: listed in ${PACK_MANIFEST} but not in the pack`);
  return { manifest, files };
}

/** Why a list of paths cannot all be files (one is a folder of another: 'a' and 'a/b'), or undefined. */
export function folderClash(paths: string[]): string | undefined {
  const files = new Set(paths);
  for (const name of paths) {
    const segments = name.split('/');
    for (let end = 1; end < segments.length; end += 1) {
      const folder = segments.slice(0, end).join('/');
      if (files.has(folder)) return `${folder}: it is a file, and ${name} needs it to be a folder`;
    }
  }
  return undefined;
}

function parseManifest(data: Buffer): PackManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new PackError(`${PACK_MANIFEST} is not JSON`);
  }
  const manifest = parsed as Partial<PackManifest> | null;
  if (!manifest || manifest.format !== PACK_FORMAT)
    throw new PackError(`${PACK_MANIFEST} is not format ${PACK_FORMAT}`);
  if (
    typeof manifest.remote !== 'string' ||
    typeof manifest.version !== 'string' ||
    !Array.isArray(manifest.files)
  )
    throw new PackError(`${PACK_MANIFEST} lacks remote, version or files`);
  for (const file of manifest.files) {
    if (
      !file ||
      typeof file.path !== 'string' ||
      !Number.isSafeInteger(file.size) ||
      file.size < 0 ||
      typeof file.sha256 !== 'string' ||
      !/^[0-9a-f]{64}$/.test(file.sha256)
    )
      throw new PackError(`${PACK_MANIFEST} has an entry without a path, a size and a SHA-256`);
  }
  return manifest as PackManifest;
}

/**
 * Writes a checked pack's files into an empty folder (each path was checked by readPack; resolved again here so no
 * file lands outside the folder whatever happens).
 */
export async function unpackInto(dir: string, files: { path: string; data: Buffer }[]) {
  const root = path.resolve(dir);
  for (const file of files) {
    const target = path.resolve(root, ...file.path.split('/'));
    if (!target.startsWith(root + path.sep)) throw new PackError(`${file.path}: outside the build`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.data, { flag: 'wx' });
  }
}

// The release CLI's pack reader and Node build check (releases/src/pack.ts, releases/src/node-build.ts), loaded
// at run time as the registry is (back-office/registry-bridge.ts): the CLI writes packs and the API reads them with
// one implementation of the format, and an upload's Node build is checked as a local publish checks it.

export interface PackFile {
  path: string;
  data: Buffer;
}

export interface PackLimits {
  packBytes: number;
  totalBytes: number;
  fileBytes: number;
  files: number;
  pathLength: number;
}

export interface PackModule {
  PACK_CONTENT_TYPE: string;
  PACK_LIMITS: Readonly<PackLimits>;
  PackError: new (message: string) => Error;
  readPack(
    pack: Buffer,
    limits?: Partial<PackLimits>,
  ): {
    manifest: { remote: string; version: string; files: { path: string; size: number }[] };
    files: PackFile[];
  };
  unpackInto(dir: string, files: PackFile[]): Promise<void>;
}

export interface NodeBuildModule {
  /** remote 'shell': the shell's Node render (server/render.js) instead of a container */
  hasNodeBuild(buildDir: string, remote?: string): Promise<boolean>;
  loadNodeBuild(
    buildDir: string,
    remote: string,
    limits?: { timeoutMs?: number; memoryMb?: number; env?: NodeJS.ProcessEnv },
  ): Promise<{ pages: string[] }>;
}

/** The release platform's package (releases/), named at run time: the API is built apart from it. */
const RELEASES = '@metrology/releases';

let pack: Promise<PackModule> | undefined;
let nodeBuild: Promise<NodeBuildModule> | undefined;

export function packModule(): Promise<PackModule> {
  pack ??= import(`${RELEASES}/pack`) as Promise<PackModule>;
  return pack;
}

export function nodeBuildModule(): Promise<NodeBuildModule> {
  nodeBuild ??= import(`${RELEASES}/node-build`) as Promise<NodeBuildModule>;
  return nodeBuild;
}

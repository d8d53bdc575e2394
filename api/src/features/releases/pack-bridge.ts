// The release CLI's pack reader and Node build check (releases/src/pack.ts, releases/src/node-build.ts), loaded
// at run time as the registry is (back-office/registry-bridge.ts): the CLI writes packs and the API reads them with
// one implementation of the format, and an upload's Node build is checked as a local publish checks it.

import type * as PackPackage from '@metrology/releases/pack';
import type * as NodeBuildPackage from '@metrology/releases/node-build';
import type * as PackReaderPackage from '@metrology/releases/pack-reader';

/** The modules' types are the release platform's own (releases/src/pack.ts, node-build.ts). */
export type PackModule = typeof PackPackage;
export type NodeBuildModule = typeof NodeBuildPackage;
export type PackReaderModule = typeof PackReaderPackage;

/** The release platform's package (releases/), named at run time: the API is built apart from it. */
const RELEASES = '@metrology/releases';

let pack: Promise<PackModule> | undefined;
let nodeBuild: Promise<NodeBuildModule> | undefined;
let packReader: Promise<PackReaderModule> | undefined;

export function packModule(): Promise<PackModule> {
  pack ??= import(`${RELEASES}/pack`) as Promise<PackModule>;
  return pack;
}

export function nodeBuildModule(): Promise<NodeBuildModule> {
  nodeBuild ??= import(`${RELEASES}/node-build`) as Promise<NodeBuildModule>;
  return nodeBuild;
}

export function packReaderModule(): Promise<PackReaderModule> {
  packReader ??= import(`${RELEASES}/pack-reader`) as Promise<PackReaderModule>;
  return packReader;
}

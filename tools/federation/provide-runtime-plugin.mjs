// The shell's federation runtime plugin that hands its runtime core to the remotes it loads: a remote's production
// entry is built with `experiments.externalRuntime` and reads `_FEDERATION_RUNTIME_CORE` instead of carrying a copy.
// The package's own plugin (provideExternalRuntime) imports the CommonJS build, which put a second copy of the
// runtime core into the shell's entry; this imports the same ES module build the shell's runtime already uses.
import * as runtimeCore from '@module-federation/runtime-core';

export default function provideRuntimeCore() {
  return {
    name: 'metrology-provide-runtime-core',
    /** @param {unknown} args */
    beforeInit(args) {
      const shared = /** @type {Record<string, unknown>} */ (runtimeCore.Global);
      shared._FEDERATION_RUNTIME_CORE ??= runtimeCore;
      return args;
    },
  };
}

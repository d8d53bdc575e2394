// The release platform's registry, in parts: the model (model.ts), RELEASES_DIR as a store (file-store.ts), the one
// store the operations take (release-store.ts), publish and rollback (publish.ts) and the rollouts (rollouts.ts).
// Importers take it all from here.
export * from './model.js';
export * from './file-store.js';
export * from './release-store.js';
export * from './publish.js';
export * from './rollouts.js';

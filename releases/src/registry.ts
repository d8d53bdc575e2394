// The release platform's registry, in parts: the model (model.ts), RELEASES_DIR as a store (file-store.ts), the one
// store the operations take (release-store.ts), publish and rollback (publish.ts), the rollouts (rollouts.ts) and
// preview links (preview.ts). Importers take it all from here.
export * from './model.js';
export * from './file-store.js';
export * from './release-store.js';
export * from './publish.js';
export * from './rollouts.js';
export * from './preview.js';

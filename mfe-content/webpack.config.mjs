// @ts-check
import { makeConfigs } from '../tools/federation/make-config.mjs';
import federation from './federation.config.mjs';

/** @param {unknown} _env @param {{ mode?: 'production' | 'development' }} argv */
export default (_env, argv) =>
  makeConfigs({ dir: import.meta.dirname, ...federation, mode: argv.mode ?? 'production' });

// @ts-check
// After `npm run build` (lerna), record each package's source fingerprint so `npm start` reuses that build.
import { stampBuilds } from '../src/build.mjs';

await stampBuilds();

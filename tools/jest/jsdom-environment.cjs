// jsdom with the web platform pieces Node has and jsdom lacks (fetch and its classes, streams, TextEncoder),
// so code that calls fetch runs in component tests (against real local servers or a test's own fetch).
const { TestEnvironment } = require('jest-environment-jsdom');

const PASS_THROUGH = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'AbortController',
  'AbortSignal',
  'BroadcastChannel',
];

class ShopJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of PASS_THROUGH) {
      if (name === 'FormData' || name === 'Blob' || name === 'File') {
        // jsdom's own versions interoperate with its DOM (forms, file inputs); keep them when present.
        if (this.global[name]) continue;
      }
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = ShopJsdomEnvironment;

// What the bootstrap loads once React and the shared code are in: the app and the loader it registers the sections
// with, in one chunk. The app imports the loader too, so a second dynamic import of the loader made a chunk of its
// own that repeated the loader's code in every first load.
export { App } from './app';
export { registerSections } from './remotes/remote-loader';

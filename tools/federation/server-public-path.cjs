// First module of every page a remote's Node build exposes. The container is published in
// <releases>/<remote>/<version>/server/, and the browser loads the same version's files from
// <site>/remotes/<remote>/<version>/: image URLs rendered on the server must be the browser's, or hydration
// would find other ones. The site's origin is the one the shell's renderer was given.
const path = require('node:path');

const versionDir = path.dirname(__dirname);
const remoteDir = path.dirname(versionDir);
const { __METROLOGY_SITE_ORIGIN__: origin } = /** @type {{ __METROLOGY_SITE_ORIGIN__?: unknown }} */ (
  globalThis
);
const site = typeof origin === 'string' ? origin : '';
// @ts-expect-error -- webpack's free variable for the bundle's public path, set before any asset is required
__webpack_public_path__ = `${site}/remotes/${path.basename(remoteDir)}/${path.basename(versionDir)}/`; // eslint-disable-line no-undef

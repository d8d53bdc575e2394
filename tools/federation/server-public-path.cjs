// First module of every page a remote's Node build exposes. The container is published in
// <releases>/<remote>/<version>/server/, and the browser loads the same version's files from
// <site>/remotes/<remote>/<version>/: image URLs rendered on the server must be the browser's, or hydration
// would find other ones. The site's origin is the one the shell's renderer was given.
const path = require('node:path');

const versionDir = path.dirname(__dirname);
const remoteDir = path.dirname(versionDir);
const site = typeof globalThis.__METROLOGY_SITE_ORIGIN__ === 'string' ? globalThis.__METROLOGY_SITE_ORIGIN__ : '';
// eslint-disable-next-line no-undef, camelcase -- webpack's public path variable
__webpack_public_path__ = `${site}/remotes/${path.basename(remoteDir)}/${path.basename(versionDir)}/`;

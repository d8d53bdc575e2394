// @ts-check
// The host exposes nothing: it reads the registry at boot and loads every section at run time.
export default {
  name: 'shell',
  port: 3000,
  title: 'Metrology Instruments Group — precision measuring instruments',
};

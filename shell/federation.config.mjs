// @ts-check
import { SHELL } from '@metrology/shared/release';
// The host exposes nothing: it reads the registry at boot and loads every section at run time.
export default {
  name: 'shell',
  port: SHELL.devPort,
  title: 'Metrology Instruments Group — precision measuring instruments',
};

import { sharedSingletons } from '../../federation/shared-deps.mjs';
import {
  INCOMPATIBLE_PACKAGE,
  incompatibleShared,
} from '../../federation/fixtures/incompatible-shared.config.mjs';

// The e2e releases spec builds this fixture and shows the shell refusing it; here: it really differs in one major.
test('the incompatible fixture requires another major of exactly one shared singleton', () => {
  const shop = sharedSingletons();
  const fixture = incompatibleShared();
  const differing = Object.keys(shop).filter(
    (name) => JSON.stringify(shop[name]) !== JSON.stringify(fixture[name]),
  );
  expect(differing).toEqual([INCOMPATIBLE_PACKAGE]);
  const shopMajor = shop[INCOMPATIBLE_PACKAGE]?.version.split('.')[0];
  expect(fixture[INCOMPATIBLE_PACKAGE]).toMatchObject({
    singleton: true,
    strictVersion: true,
    requiredVersion: '^2.0.0',
  });
  expect(shopMajor).not.toBe('2');
});

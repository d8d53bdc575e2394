import {
  IncompatibleReleaseError,
  isStrictVersionRefusal,
  sharedConflicts,
  type ManifestShared,
} from '../shared-compatibility';

const provided: Record<string, string> = {
  react: '19.3.1',
  '@metrology/shared': '1.0.0',
  notistack: '3.0.2',
};
const lookup = (name: string) => provided[name];

describe('sharedConflicts', () => {
  test.each<[string, ManifestShared[], string[]]>([
    ['same majors', [{ name: 'react', singleton: true, requiredVersion: '^19.0.0' }], []],
    [
      'another major of a singleton',
      [{ name: '@metrology/shared', singleton: true, requiredVersion: '^2.0.0' }],
      ['@metrology/shared'],
    ],
    ['an older major too', [{ name: 'react', singleton: true, requiredVersion: '^18.0.0' }], ['react']],
    [
      'not a singleton: the remote may bring its own copy',
      [{ name: 'react', singleton: false, requiredVersion: '^18.0.0' }],
      [],
    ],
    ['no required version', [{ name: 'react', singleton: true, requiredVersion: false }], []],
    [
      'a module the shop does not run yet',
      [{ name: 'left-pad', singleton: true, requiredVersion: '^9.0.0' }],
      [],
    ],
    [
      'several at once',
      [
        { name: 'react', singleton: true, requiredVersion: '^18.0.0' },
        { name: 'notistack', singleton: true, requiredVersion: '^3.0.0' },
        { name: '@metrology/shared', singleton: true, requiredVersion: '^2.0.0' },
      ],
      ['react', '@metrology/shared'],
    ],
  ])('%s', (_case, shared, expected) => {
    expect(sharedConflicts(shared, lookup).map((c) => c.name)).toEqual(expected);
  });

  test('no manifest list, no conflicts', () => {
    expect(sharedConflicts(undefined, lookup)).toEqual([]);
  });
});

test('the refusal says which release, what it needs and what the shop runs', () => {
  const error = new IncompatibleReleaseError('mfe-content', '2.0.0', [
    { name: '@metrology/shared', requiredVersion: '^2.0.0', providedVersion: '1.0.0' },
  ]);
  expect(error.message).toBe(
    "mfe-content 2.0.0 is refused: it was built for @metrology/shared ^2.0.0, but this shop runs @metrology/shared 1.0.0 (shared singletons have one copy per page); rebuild it against the shop's versions",
  );
});

test('recognises the federation runtime strictVersion refusal', () => {
  expect(
    isStrictVersionRefusal(
      new Error(
        'Version 1.0.0 from shell of shared singleton module @metrology/shared does not satisfy the requirement of mfe_content which needs ^2.0.0)',
      ),
    ),
  ).toBe(true);
  expect(isStrictVersionRefusal(new Error('Loading chunk 12 failed'))).toBe(false);
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '../../shared/release/remotes.mjs';

/** The repository root: every project's folder is named from here. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// One jest run for every package: each package is a project with its own environment.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * The Node packages (the server helpers, the release platform, the site server) are tested from their sources, as
 * the API's tests and the shell's early-input test load them.
 */
const PACKAGE_SOURCES = {
  '^@metrology/server-kit/(.*)$': '<rootDir>/../server-kit/src/$1',
  '^@metrology/releases/(.*)$': '<rootDir>/../releases/src/$1',
  '^@metrology/site/(.*)$': '<rootDir>/../site/src/$1',
};

const browserProject = (name) => ({
  displayName: name,
  rootDir: path.join(ROOT, name),
  testEnvironment: '<rootDir>/../tools/jest/jsdom-environment.cjs',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: {
    '^.+\\.(t|j)sx?$': swc,
    '^.+\\.mjs$': swc,
    '^.+\\.txt$': '<rootDir>/../tools/jest/text-transform.cjs',
  },
  moduleFileExtensions: ['tsx', 'ts', 'js', 'mjs', 'json', 'txt'],
  moduleNameMapper: {
    '^@metrology/shared$': '<rootDir>/../shared/src/index.ts',
    '^@metrology/shared/rules$': '<rootDir>/../shared/src/rules/index.ts',
    '^@metrology/shared/controls$': '<rootDir>/../shared/src/controls/index.ts',
    '^@metrology/shared/router$': '<rootDir>/../shared/src/router/index.ts',
    '^@metrology/shared/password$': '<rootDir>/../shared/src/rules/password-check.ts',
    '^@metrology/shared/contracts$': '<rootDir>/../shared/src/contracts/index.ts',
    '^@metrology/shared/harness$': '<rootDir>/../shared/src/ui/section-harness.tsx',
    '^@metrology/test-kit$': '<rootDir>/../test-kit/src/index.ts',
    '^@metrology/test-kit/(.*)$': '<rootDir>/../test-kit/src/$1',
    '^@metrology/shared/release$': '<rootDir>/../shared/release/remotes.mjs',
    ...PACKAGE_SOURCES,
    '\\.css$': '<rootDir>/../tools/jest/style-stub.cjs',
    '\\.(svg|png|jpg|webp)$': '<rootDir>/../tools/jest/file-stub.cjs',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFiles: ['<rootDir>/../tools/jest/setup-globals.cjs'],
  setupFilesAfterEnv: ['<rootDir>/../tools/jest/setup-dom.ts'],
});

/** A Node package's tests (the release platform, the site server, the scripts). */
const nodeProject = (name) => ({
  displayName: name,
  rootDir: path.join(ROOT, name),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.{ts,mjs}', '<rootDir>/scripts/**/*.test.{ts,mjs}'],
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: {
    '^@metrology/shared/release$': '<rootDir>/../shared/release/remotes.mjs',
    '^@metrology/shared/rules$': '<rootDir>/../shared/src/rules/index.ts',
    '^@metrology/shared/contracts$': '<rootDir>/../shared/src/contracts/index.ts',
    ...PACKAGE_SOURCES,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
});

/** The API's tests; run once per database engine. */
const apiProject = (displayName, extra) => ({
  displayName,
  rootDir: path.join(ROOT, 'api'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // The release desk loads the release platform's own code (releases/src), .mjs too (the release model).
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: {
    '^@metrology/shared/rules$': '<rootDir>/../shared/src/rules/index.ts',
    '^@metrology/shared/contracts$': '<rootDir>/../shared/src/contracts/index.ts',
    '^@metrology/test-kit$': '<rootDir>/../test-kit/src/index.ts',
    '^@metrology/test-kit/(.*)$': '<rootDir>/../test-kit/src/$1',
    '^@metrology/shared/release$': '<rootDir>/../shared/release/remotes.mjs',
    ...PACKAGE_SOURCES,
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  ...extra,
});

export default {
  projects: [
    browserProject('shared'),
    browserProject('shell'),
    ...REMOTE_NAMES.map(browserProject),
    apiProject('api (PGlite)', {
      // Proves PostgreSQL-only behaviour; runs in the PostgreSQL project.
      testPathIgnorePatterns: ['/node_modules/', '/src/__tests__/postgres[^/]*\\.test\\.ts$'],
    }),
    // The whole API suite again on a real PostgreSQL 15 server (Debian's postgresql-15, a throwaway cluster).
    apiProject('api (PostgreSQL)', {
      globalSetup: '<rootDir>/../tools/jest/postgres-setup.cjs',
      globalTeardown: '<rootDir>/../tools/jest/postgres-teardown.cjs',
    }),
    ...['server-kit', 'releases', 'site', 'tools'].map(nodeProject),
  ],
};

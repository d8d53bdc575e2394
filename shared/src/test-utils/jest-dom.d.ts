// The DOM matchers that tools/jest/setup-dom.ts installs, for the type checker.
/// <reference types="@testing-library/jest-dom" />

/**
 * A setup file (vitest.config.ts): it runs again for every test file, where a
 * module imported by many files runs once per worker when files are not
 * isolated. So the hooks that empty temp-dir.ts's folders are registered here,
 * not at that module's top level.
 */
import { afterAll, afterEach } from 'vitest';
import { removeSharedCopies, removeTempDirs } from './temp-dir.js';

afterEach(removeTempDirs);
afterAll(removeSharedCopies);

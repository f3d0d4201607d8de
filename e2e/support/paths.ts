import path from 'node:path';

/** The repository root (e2e/support/../..). */
export const repoRoot = path.resolve(__dirname, '..', '..');

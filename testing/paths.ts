import path from 'node:path';

/** The repository root (testing/..). */
export const repoRoot = path.resolve(__dirname, '..');

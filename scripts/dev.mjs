/**
 * `npm run dev`: the server on API_PORT (default 8081), restarted by tsx on every change, beside
 * webpack-dev-server with hot reload, which proxies /graphql to it. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureClientBuilt, root } from './ensure-built.mjs';

const apiPort = process.env.API_PORT || '8081';
const bin = (name) => path.join(root, 'node_modules/.bin', name);

// The API server renders the start page with the production build's renderer, as `npm start` does.
ensureClientBuilt();

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development', // GraphQL introspection and suggestions, for tools
      PORT: apiPort,
      HOST: process.env.HOST || 'localhost',
      API_PORT: apiPort,
    },
  }),
  spawn(bin('webpack'), ['serve', '--mode', 'development'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

let stopping = false;
function stopAll(exitCode) {
  if (!stopping) {
    stopping = true;
    process.exitCode = exitCode;
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  }
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));

#!/usr/bin/env node
// `npm run dev`: the API with reload on change (http://localhost:3000) and Vite's dev server with hot
// module replacement (http://localhost:5173, proxying /api to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@bjk/server'], { stdio: 'inherit', env: { NODE_ENV: 'development', LOG_LEVEL: 'info', ...process.env } }),
  spawn('npm', ['run', 'dev', '-w', '@bjk/web'], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}

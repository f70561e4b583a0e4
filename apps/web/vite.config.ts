import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildMarkers } from './build/build-markers';
import { precompress } from './build/precompress';
import { routeManifest } from './build/route-manifest';
import { themeVariables } from './build/theme-variables';

const buildId =
  process.env.BUILD_ID ??
  `${new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14)}-${randomBytes(3).toString('hex')}`;

export default defineConfig({
  plugins: [react(), themeVariables(), buildMarkers(buildId), routeManifest(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/builds': 'http://localhost:3000' } },
});

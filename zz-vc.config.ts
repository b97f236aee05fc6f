import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
export default defineConfig({ plugins: [react()], test: { environment: 'jsdom', include: ['tests/unit/zz-proto.test.tsx'], setupFiles: ['tests/unit/zz-setup.ts'] } });

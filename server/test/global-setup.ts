/** Before the server tests: the seeded demo installation they copy (seeded-snapshot.ts). */
import type { TestProject } from 'vitest/node';
import { buildSeededSnapshot, removeSeededSnapshot, type SeededSnapshot } from './seeded-snapshot.js';

declare module 'vitest' {
  export interface ProvidedContext {
    seededSnapshot: SeededSnapshot | null;
  }
}

export default async function setup(project: TestProject) {
  const snapshot = await buildSeededSnapshot();
  project.provide('seededSnapshot', snapshot);
  return () => removeSeededSnapshot(snapshot);
}

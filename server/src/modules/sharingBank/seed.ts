import type { DistrictSeed } from '../_platform/module.js';

export async function seedSharingBank(_seed: DistrictSeed): Promise<void> {}

import { fileURLToPath } from 'node:url';

/** The svc-gateway folder, whether running from src (tests) or dist: the front ends' builds are found beside it. */
export const GATEWAY_DIR = fileURLToPath(new URL('../..', import.meta.url));

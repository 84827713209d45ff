// Types of build-stamp.mjs (plain JavaScript: `npm start` runs it with node alone, before anything is built).
export const INPUTS: string[];
export const STAMP: string;
export interface BuildState {
  built: boolean;
  stale: boolean;
  reason: string;
  startedAt?: string;
}
export function sourceList(root: string): string[];
export function buildState(root: string, distDir: string): BuildState;
export function beginBuild(root: string, distDir: string): void;
export function endBuild(root: string, distDir: string): void;

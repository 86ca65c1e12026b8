// Types of the lint rule's helpers, for the server's test of the rule (apps/server/test).
export interface ImportGraph {
  edges: Map<string, Set<string>>;
}
export function boundaryViolation(from: string, to: string): string | null;
export function cycleViolation(graph: ImportGraph, from: string, to: string): string | null;
export function readImportGraph(dir: string): ImportGraph;
export function serverRoom(inSrc: string): string;
export function serverLayer(inSrc: string): number;
export const importBoundaries: unknown;

// The jobs come from the feature modules (modules/registry.ts); re-exported, never re-evaluated here.
export { JOBS } from '../modules/registry';

export * from './roles';
export * from './menu';
export * from './envelope';
export * from './lookups';
export * from './auth';
export * from './sections';
export * from './paths';
export * from './comms';

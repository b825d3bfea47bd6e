// The SQL of the tasks (docs/tasks.md): a fleet's tasks with their bike and people, the writes of
// the status flow (each a conditional UPDATE: two technicians cannot both take a task), the
// history, and the automatic tasks (one open per bike and cause, by the unique partial index).
// One file per concern (ADR 0112: a query file over 300 lines becomes a folder).
export type { TaskRow, UserRefRow } from './columns';
export * from './page';
export * from './writes';
export * from './history';
export * from './automatic';
export * from './battery-queue';

// The string formats of the contract, for every ajv of the server (the HTTP API's and the MQTT
// ingest's): ajv-formats' set, with `date-time` narrowed to what the runtime can represent
// (contract/date-time.ts, docs/operations.md: a leap second passed RFC 3339 and became Invalid Date).
import type { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { isDateTime } from '@vfm/contract';

/** Replaces ajv-formats' `date-time` (call it after ajv-formats). */
export function useContractDateTime<T extends Pick<Ajv, 'addFormat'>>(ajv: T): T {
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  return ajv;
}

/** ajv-formats, then the contract's `date-time`. */
export function addContractFormats<T extends Ajv>(ajv: T): T {
  addFormats.default(ajv);
  return useContractDateTime(ajv);
}

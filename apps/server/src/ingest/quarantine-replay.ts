// A quarantined message stored as the ingest stores it (docs/operations.md): the module's
// retry runs the ingest's own validation and writer through this (modules/quarantine/replay.ts;
// app.ts gives it to the server).
import type { QuarantineReplay } from '../modules/quarantine/replay';
import { writeBatch } from './batch-writer';
import { COMMAND_RESEND_MS, describeError } from './pipeline';
import { parseUpMessage } from './validate';

/** The stored message no longer passes the ingest's validation. */
class Refused extends Error {
  override name = 'Refused';
}

export const quarantineReplay: QuarantineReplay = {
  async store(tx, entry, { now, jobs }) {
    const parsed = parseUpMessage(entry.kind, Buffer.from(entry.payload, 'utf8'), now);
    if (!parsed.ok)
      throw new Refused(`${parsed.reason}${parsed.detail ? `: ${parsed.detail}` : ''}`);
    const message = {
      moduleId: entry.moduleId,
      kind: entry.kind,
      message: parsed.message,
      ts: parsed.ts,
    };
    const result = await writeBatch(tx, [message], {
      now,
      resendBefore: new Date(now.getTime() - COMMAND_RESEND_MS),
      publish: (tx, events) => jobs.publish(tx, events),
    });
    return result.outcomes[0]!;
  },
  describeError,
};

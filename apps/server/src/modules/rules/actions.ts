// What an occurrence of a rule does besides its alert (ADR 0126): a task on the bike (one open
// per bike and rule: none while one is open), a command to its module (through the commands'
// outbox, as the zones' automatic commands). The alert itself is the alerts' reconciliation's
// (it reads the rules' firing states): one writer of alerts.
import type { BuiltinRuleKind, CommandType, TaskPriority } from '@vfm/contract';
import type { TxQuery } from '../../db/client';
import type { FleetChanges } from '../bikes/fleet-changes';
import { enqueueCommands } from '../commands/command-service';
import { insertHistory, insertTasks } from '../tasks/queries';
import type { LiveRule } from './queries/rules';

export interface Started {
  rule: LiveRule;
  bike: { id: number; fleetId: string; vehicleNumber: string; openTaskKinds: string[] };
  at: Date;
}

/** A built-in rule's kind: its alert kind, where a written rule's is 'RULE:' and its id. */
const builtinOf = (rule: LiveRule) =>
  rule.alertKind.startsWith('RULE:') ? null : (rule.alertKind as BuiltinRuleKind);

/** The requester a rule's command is recorded with. */
export const RULE_REQUESTER_PREFIX = 'RULE:';

export async function runActions(
  tx: TxQuery,
  started: Started[],
  now: Date,
  changes: FleetChanges,
): Promise<void> {
  for (const { rule, bike } of started) {
    for (const action of rule.actions) {
      if (action.type === 'task') {
        // one task per occurrence, and none while the bike has an open one of that kind
        if (bike.openTaskKinds.includes(action.kind)) continue;
        const created = await insertTasks(
          tx,
          bike.fleetId,
          [
            {
              bikeId: bike.id,
              kind: action.kind,
              title: '',
              priority: (action.priority ?? 'NORMAL') as TaskPriority,
              dueAt: null,
              assigneeId: null,
              // the rule is named on the task in each reader's language (docs/tasks.md)
              notes: '',
              createdBy: null,
              rule: { id: rule.id, name: rule.name, builtin: builtinOf(rule) },
            },
          ],
          now,
        );
        await insertHistory(
          tx,
          created.map((task) => ({
            taskId: task.id,
            action: 'CREATED',
            actorId: null,
            data: { kind: action.kind, ruleId: rule.id },
          })),
          now,
        );
        bike.openTaskKinds.push(action.kind);
        changes.add(bike.fleetId, 'task');
      } else if (action.type === 'command') {
        await enqueueCommands(tx, {
          fleetId: bike.fleetId,
          bikes: [{ bikeId: bike.id, vehicleNumber: bike.vehicleNumber }],
          type: action.command as CommandType,
          value: action.value,
          requestedBy: `${RULE_REQUESTER_PREFIX}${rule.name}`,
          now,
          changes,
        });
      }
    }
  }
}

// npm run demand-truth -w @vfm/simulator [-- --hours H --from ISO --seed S]: the simulator's
// demand truth (demand.ts) as JSON — expected trip starts per hot spot and hour — so that a
// forecast can be scored against what the simulated riders really wanted.
import { parseArgs } from 'node:util';
import { demandTruth } from './demand';

const { values } = parseArgs({
  options: {
    hours: { type: 'string', default: '24' },
    from: { type: 'string' },
    seed: { type: 'string', default: '0' },
  },
});
const hours = Number(values.hours);
const from = values.from ? Date.parse(values.from) : Date.now();
if (!Number.isInteger(hours) || hours < 1 || hours > 24 * 366 || Number.isNaN(from)) {
  console.error('usage: --hours 1…8784 [--from ISO date] [--seed N]');
  process.exit(2);
}
const start = Math.floor(from / 3_600_000) * 3_600_000;
const spots = demandTruth(start, hours, Number(values.seed));
process.stdout.write(
  `${JSON.stringify({ from: new Date(start).toISOString(), hours, spots }, null, 1)}\n`,
);

import { describe, expect, it } from 'vitest';
import { parseCsv } from '@vfm/contract/csv';
import { unneutralise } from '@vfm/contract/vehicle-csv';
import { moduleSecretsCsv } from './module-secrets-csv';

describe('moduleSecretsCsv', () => {
  it('writes a header and one line per module, CRLF', () => {
    const csv = moduleSecretsCsv([{ moduleId: 'A12345', secret: 'abcDEF_123' }]);
    expect(csv).toBe('moduleId,secret\r\nA12345,abcDEF_123\r\n');
  });

  it('neutralises every secret a spreadsheet would read as a formula', () => {
    const secrets = ['-A1', '=1+1', '+cmd', '@SUM(A1)', '-Zx_9-k'];
    const csv = moduleSecretsCsv(secrets.map((secret, i) => ({ moduleId: `A1234${i}`, secret })));
    const cells = parseCsv(csv)
      .slice(1)
      .map((record) => record.fields[1]!);
    expect(cells).toEqual(["'-A1", "'=1+1", "'+cmd", "'@SUM(A1)", "'-Zx_9-k"]);
    expect(cells.map(unneutralise)).toEqual(secrets);
  });
});

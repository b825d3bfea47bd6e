// Report schedules (ADR 0127, docs/reports.md): created, listed, changed and removed (audited);
// "send now" mails the last ended period to every recipient with the report attached and a link,
// one delivery each — a refused mailbox holds no other back; the sweep makes each recipient's
// delivery at the hour of their own time zone; bad input is a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_KEY, ReportScheduleSchema } from '@vfm/contract';
import { sweepSchedules } from '../../src/modules/reports/schedule-jobs';
import { startTestServer, type TestServer } from '../helpers/server';
import { createFleetWithUsers } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import { eventually } from '../helpers/eventually';
import { startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { auditNames } from '../helpers/audit';

let smtp: TestSmtp;
let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'VFM <fleet@vfm.test>' } });
  cast = await createFleetWithUsers(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const manager = () => t.api({ token: cast.managerToken });
const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Monthly for the city',
  frequency: 'MONTHLY',
  format: 'pdf',
  recipients: ['city@example.com', 'refused@example.com'],
  timeZone: 'Europe/Paris',
  ...overrides,
});

/** the attachment of a raw message: its file name and its bytes */
function attachmentOf(raw: string) {
  const match = /filename="?([^";\n]+)"?/.exec(raw)!;
  const start = raw.indexOf('\n\n', match.index);
  const body = raw.slice(start + 2).split(/\n--/)[0]!;
  const name = match[1];
  return { name, bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
}

describe('report schedules', () => {
  it('creates, lists, changes and removes a schedule, each change audited', async () => {
    const created = await manager().post('report-schedules', input({ name: 'Weekly' }));
    expect(created.status, created.text).toBe(201);
    expectShape(ReportScheduleSchema, created.body);
    expect(created.body).toMatchObject({ frequency: 'MONTHLY', hour: 7, lastDelivery: null });
    const id = created.body.id;
    const changed = await manager().put(
      `report-schedules/${id}`,
      input({ frequency: 'WEEKLY', hour: 6 }),
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ frequency: 'WEEKLY', hour: 6 });
    const list = await manager().get('report-schedules');
    expect(list.body.content.map((s: { id: string }) => s.id)).toContain(id);
    expect((await manager().delete(`report-schedules/${id}`)).status).toBe(204);
    expect((await manager().delete(`report-schedules/${id}`)).status).toBe(404);
    expect(await auditNames(t, cast.fleet.id, 'REPORT_SCHEDULE_')).toEqual([
      'REPORT_SCHEDULE_CREATED',
      'REPORT_SCHEDULE_CHANGED',
      'REPORT_SCHEDULE_DELETED',
    ]);
  });

  it('refuses bad input with a 400', async () => {
    for (const bad of [
      input({ timeZone: 'Mars/Olympus' }),
      input({ recipients: [] }),
      input({ recipients: ['not-an-address'] }),
      input({ groupId: '00000000-0000-4000-8000-000000000000' }),
      input({ frequency: 'HOURLY' }),
    ]) {
      const res = await manager().post('report-schedules', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('sends now to each recipient with the report attached; a refused mailbox holds no other back', async () => {
    smtp.refused.add('refused@example.com');
    const created = await manager().post('report-schedules', input());
    const sent = await manager().post(`report-schedules/${created.body.id}/send`);
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body.deliveries).toBe(2);
    const mail = await eventually(
      () => smtp.received.find((m) => m.envelopeTo.includes('city@example.com')),
      { what: 'the scheduled report' },
    );
    expect(mail.subject).toContain('Monthly for the city');
    expect(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      `/reports?period=month&from=${sent.body.periodFrom}`,
    );
    const file = attachmentOf(mail.raw.replace(/\r\n/g, '\n'));
    expect(file.name).toBe(`report-fleet-${sent.body.periodFrom}-${sent.body.periodTo}.pdf`);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const refused = await eventually(async () => {
      const [row] = await t.server.database.query<{
        attempts: number;
        last_error: string | null;
        status: string;
      }>(
        `SELECT attempts, last_error, status FROM report_delivery WHERE recipient = 'refused@example.com'`,
      );
      return row && row.attempts > 0 ? row : null;
    });
    expect(refused.status).not.toBe('SENT');
    expect(refused.last_error).toBeTruthy();
    // the mail is received before its delivery is marked: the mark follows
    await eventually(async () => {
      const [ok] = await t.server.database.query<{ status: string }>(
        `SELECT status FROM report_delivery WHERE recipient = 'city@example.com'`,
      );
      return ok?.status === 'SENT' ? ok : null;
    });
  });

  it("writes each recipient's mail in their language, else in its author's", async () => {
    const db = t.server.database;
    await db.query(`UPDATE account SET language = 'de' WHERE id = $1`, [cast.manager.id]);
    await db.query(`UPDATE account SET language = 'it' WHERE id = $1`, [cast.admin.id]);
    const created = await manager().post(
      'report-schedules',
      input({ name: 'Languages', recipients: ['outside@example.com', cast.admin.email] }),
    );
    expect(created.status, created.text).toBe(201);
    expect((await manager().post(`report-schedules/${created.body.id}/send`)).status).toBe(202);
    const body = async (to: string) => {
      const mail = await eventually(
        () =>
          smtp.received.find((m) => m.envelopeTo.includes(to) && m.subject.includes('Languages')),
        { what: `the mail to ${to}` },
      );
      return `${mail.text}\n${mail.html}`;
    };
    const italian = await body(cast.admin.email);
    expect(italian).toContain('Il rapporto completo è allegato.');
    expect(italian).toContain('Vederlo in VFM');
    // no account: the language of the manager who made the schedule
    expect(await body('outside@example.com')).toContain('Der vollständige Bericht ist angehängt.');
    await db.query(`UPDATE account SET language = 'fr' WHERE id = ANY($1::uuid[])`, [
      [cast.manager.id, cast.admin.id],
    ]);
    expect((await manager().delete(`report-schedules/${created.body.id}`)).status).toBe(204);
  });

  it("makes each recipient's delivery at the hour of their time zone once the period ended", async () => {
    await t.server.database.query(
      `INSERT INTO user_settings (account_id, application_name, time_zone) VALUES ($1, $2, 'America/New_York')
       ON CONFLICT (account_id, application_name) DO UPDATE SET time_zone = excluded.time_zone`,
      [cast.manager.id, APPLICATION_KEY],
    );
    const created = await manager().post(
      'report-schedules',
      input({
        name: 'Daily',
        frequency: 'DAILY',
        recipients: [cast.manager.email, 'paris@example.com'],
      }),
    );
    await t.server.database.query(
      `UPDATE report_schedule SET next_from = '2026-12-13' WHERE id = $1`,
      [created.body.id],
    );
    const now = new Date('2026-12-15T03:00:00Z');
    // (the schedules above may have ended a period by then too, as the day the test runs has it)
    expect(await sweepSchedules(t.server.database, t.server.jobs, now)).toBeGreaterThanOrEqual(2);
    expect(await sweepSchedules(t.server.database, t.server.jobs, now)).toBe(0);
    const rows = await t.server.database.query<{ recipient: string; from: string; send_at: Date }>(
      `SELECT recipient, to_char(period_from, 'YYYY-MM-DD') AS from, send_at FROM report_delivery
        WHERE schedule_id = $1 ORDER BY recipient`,
      [created.body.id],
    );
    // the last ended day only (the 14th), at 07:00 in New York and in Paris
    expect(rows).toHaveLength(2);
    const at = Object.fromEntries(
      rows.map((r) => [r.recipient, [r.from, r.send_at.toISOString()]]),
    );
    expect(at[cast.manager.email]).toEqual(['2026-12-14', '2026-12-15T12:00:00.000Z']);
    expect(at['paris@example.com']).toEqual(['2026-12-14', '2026-12-15T06:00:00.000Z']);
  });
});

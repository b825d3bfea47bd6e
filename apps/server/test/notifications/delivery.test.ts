// docs/notifications.md–3 and §6 (ADR 0086, ADR 0087): an alert opened by a module's message becomes the
// manager's notification (row, live stream event, e-mail with the RFC 8058 headers), through
// the jobs home; the notification centre's calls; the one-click unsubscribe; a delivery run
// again after a crash sends no second e-mail; the throttle and the quiet hours hold e-mails for
// the digest. On PGlite and, with DATABASE_URL and MQTT_URL, on PostgreSQL and Mosquitto.
import { beforeAll, describe, expect, it } from 'vitest';
import { openAlertWithEvent } from '../helpers/fleet-data';
import { NotificationPageSchema, NotificationUnreadSchema } from '@vfm/contract';
import { createAccount, createFleetWithUsers, tokenFor } from '../helpers/factories';
import { expectShape } from '../helpers/contract';
import { createBike, type BikeRow } from '../helpers/bikes';
import { mailsTo, waitForMails } from '../helpers/mail';
import { moduleClients, nextSeq, publishUp, startIotTestServer, waitFor } from '../helpers/mqtt';
import { openStream } from '../helpers/sse';
import type { TestServer } from '../helpers/server';
import { deliverEmail, queueDueDigests } from '../../src/modules/notifications/delivery/deliver';
import { ruleInput } from './rule-input';

let t: TestServer;
let cast: Awaited<ReturnType<typeof createFleetWithUsers>>;
const modules = moduleClients(() => t);

beforeAll(async () => {
  t = await startIotTestServer();
  cast = await createFleetWithUsers(t);
});

const HOUR = 3_600_000;

/** A user of the fleet with one rule of their own (and nothing else). */
async function userWithRule(rule: Record<string, unknown>, language = 'en') {
  const account = await createAccount(t, cast.fleet, { language, fullName: 'Rita Rule' });
  const token = await tokenFor(t, account);
  const res = await t.api({ token }).post('notification-rules', ruleInput(rule));
  expect(res.status).toBe(201);
  return { account, token, api: t.api({ token }), ruleId: res.body.id as string };
}

/** Opens an alert of the bike as the reconciliation does: the row and its event, one transaction. */
async function openAlert(
  bike: BikeRow,
  kind: 'SUSPECTED_THEFT' | 'LOW_VEHICLE_BATTERY' | 'LOW_MODULE_BATTERY',
) {
  return (await openAlertWithEvent(t, bike, kind)).id;
}

const deliveriesOf = (accountId: string) =>
  t.server.database.query<{ id: string; status: string; held_by: string | null }>(
    `SELECT d.id, d.status, d.held_by FROM notification_delivery d
      WHERE d.account_id = $1 ORDER BY d.created_at, d.id`,
    [accountId],
  );

describe('notifications', () => {
  it('turns a module alarm into a notification, a live unread count and an e-mail to unsubscribe from', async () => {
    const user = await userWithRule({
      name: 'Thefts',
      kinds: ['SUSPECTED_THEFT'],
      channels: ['IN_APP', 'EMAIL'],
    });
    const stream = await openStream(t, user.token);
    await stream.next((frame) => frame.event === 'ready');

    const { client, ...m } = await modules.online(cast.fleet, {
      last_communication_date: new Date(),
    });
    await publishUp(client, m.moduleId, 'event', {
      seq: nextSeq(),
      ts: new Date().toISOString(),
      name: 'ALARM_TRIGGERED',
      source: 'MODULE',
    });

    // the live stream tells this user their unread count
    const frame = await stream.next(
      (f) => f.event === 'notifications' && f.data.unread >= 1,
      20_000,
    );
    expect(frame.data).toEqual({ unread: 1 });
    stream.close();

    const page = await user.api.get('notifications');
    expect(page.status).toBe(200);
    expectShape(NotificationPageSchema, page.body);
    expect(page.body).toMatchObject({ unread: 1, totalElements: 1 });
    expect(page.body.content[0]).toMatchObject({
      kind: 'SUSPECTED_THEFT',
      severity: 'CRITICAL',
      vehicleNumber: m.bike.vehicleNumber,
      readAt: null,
    });

    const [mail] = await waitForMails(t, user.account.email);
    expect(mail!.subject).toBe(`Theft alarm – bike ${m.bike.vehicleNumber}`);
    expect(mail!.text).toContain(`http://vfm.test/en/fleet/product/${m.bike.vehicleNumber}`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toMatch(/^http:\/\/vfm\.test\/notifications\/unsubscribe\?token=/);

    // the link's page changes nothing; the one-click POST (no key, no sign-in) does
    const path = unsubscribe!.replace('http://vfm.test', '');
    const anonymous = t.api({ apiKey: '', xsrf: '' });
    const pageOfLink = await anonymous.get(path);
    expect(pageOfLink.status).toBe(200);
    expect(pageOfLink.text).toContain('Thefts');
    expect((await user.api.get(`notification-rules/${user.ruleId}`)).body.channels).toEqual([
      'IN_APP',
      'EMAIL',
    ]);
    const posted = await anonymous.request('POST', path, {
      raw: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(posted.status).toBe(200);
    expect((await user.api.get(`notification-rules/${user.ruleId}`)).body.channels).toEqual([
      'IN_APP',
    ]);
    const [audit] = await t.server.database.query<{ name: string }>(
      `SELECT name FROM event WHERE user_email = $1 AND name = 'NOTIFICATION_RULE_UNSUBSCRIBED'`,
      [user.account.email],
    );
    expect(audit).toBeDefined();
    // a forged token: 404, nothing changes
    const forged = await anonymous.request('POST', `${path.slice(0, -3)}abc`, { raw: '' });
    expect(forged.status).toBe(404);
  });

  it('lists, marks read and marks all read the caller’s notifications, and only theirs', async () => {
    const user = await userWithRule({ kinds: ['LOW_VEHICLE_BATTERY'], channels: ['IN_APP'] });
    const bikes = [await createBike(t, cast.fleet), await createBike(t, cast.fleet)];
    for (const bike of bikes) await openAlert(bike, 'LOW_VEHICLE_BATTERY');
    const page = await waitFor(async () => {
      const res = await user.api.get('notifications', { query: { unread: true } });
      // the page and its count are two statements: on PostgreSQL, a notification committed
      // between them is counted before it is listed — wait for both
      return res.body.totalElements === 2 && res.body.content.length === 2 ? res.body : null;
    });
    const unread = await user.api.get('notifications/unread');
    expectShape(NotificationUnreadSchema, unread.body);
    expect(unread.body).toEqual({ unread: 2 });
    // a page past the end lists nothing and still counts them
    const past = await user.api.get('notifications', { query: { page: 3 } });
    expect(past.body).toMatchObject({ content: [], totalElements: 2, unread: 2, page: 3 });

    const first = page.content[0].id;
    // someone else's notification is as absent as an unknown one
    const stranger = await t.api({ token: cast.managerToken }).post(`notifications/${first}/read`);
    expect(stranger.status).toBe(404);
    const read = await user.api.post(`notifications/${first}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ unread: 1 });
    // again: no change
    expect((await user.api.post(`notifications/${first}/read`)).body).toEqual({ unread: 1 });
    const all = await user.api.post('notifications/read-all');
    expect(all.body).toEqual({ unread: 0 });
    const after = await user.api.get('notifications');
    expect(after.body.content.every((n: { readAt: string | null }) => n.readAt)).toBe(true);
    expect((await user.api.get('notifications', { query: { size: 0 } })).status).toBe(400);
    // no e-mail channel: no delivery
    expect(await deliveriesOf(user.account.id)).toEqual([]);
  });

  it('sends no second e-mail when a delivery runs again after a crash', async () => {
    const user = await userWithRule({ kinds: ['LOW_VEHICLE_BATTERY'], channels: ['EMAIL'] });
    const bike = await createBike(t, cast.fleet);
    await openAlert(bike, 'LOW_VEHICLE_BATTERY');
    await waitForMails(t, user.account.email);
    const [delivery] = await waitFor(async () => {
      const rows = await deliveriesOf(user.account.id);
      return rows[0]?.status === 'SENT' ? rows : null;
    });
    // e-mail only: nothing in the bell
    expect((await user.api.get('notifications')).body.totalElements).toBe(0);

    // the job delivered again (its worker died before completing it): already sent
    expect(await deliverEmail(t.server.app.ctx, delivery!.id)).toBe('done');
    // the worker died after sending, before recording it: the claim's lease passes, the job
    // is taken again, and the message already written is not written again
    await t.server.database.query(
      `UPDATE notification_delivery SET status = 'SENDING', claimed_at = now() - interval '1 hour'
        WHERE id = $1`,
      [delivery!.id],
    );
    expect(await deliverEmail(t.server.app.ctx, delivery!.id)).toBe('sent');
    expect(await mailsTo(t, user.account.email)).toHaveLength(1);
    // a claim that is still fresh: another worker is on it, the job retries later
    await t.server.database.query(
      `UPDATE notification_delivery SET status = 'SENDING', claimed_at = now() WHERE id = $1`,
      [delivery!.id],
    );
    await expect(deliverEmail(t.server.app.ctx, delivery!.id)).rejects.toThrow(/being sent/);
  });

  it('throttles a bike’s e-mails of one kind and folds the rest into the next digest', async () => {
    const user = await userWithRule(
      { kinds: ['LOW_VEHICLE_BATTERY'], channels: ['IN_APP', 'EMAIL'] },
      'fr',
    );
    const bike = await createBike(t, cast.fleet);
    await openAlert(bike, 'LOW_VEHICLE_BATTERY');
    await waitForMails(t, user.account.email);
    await t.server.database.query(
      `UPDATE alert SET cleared_at = now(), clear_cause = 'MANUAL' WHERE bike_id = $1`,
      [bike.id],
    );
    await openAlert(bike, 'LOW_VEHICLE_BATTERY');
    const held = await waitFor(async () => {
      const rows = await deliveriesOf(user.account.id);
      return rows[1]?.status === 'DIGEST' ? rows[1] : null;
    });
    expect(held.held_by).toBe('THROTTLE');
    expect(await mailsTo(t, user.account.email)).toHaveLength(1);

    // an hour later the digest goes out (its own job, ADR 0118), once
    t.clock.advance(HOUR);
    expect(await queueDueDigests(t.server.app.ctx)).toBeGreaterThanOrEqual(1);
    await waitFor(async () =>
      (await deliveriesOf(user.account.id)).every((d) => d.status === 'SENT'),
    );
    await queueDueDigests(t.server.app.ctx);
    const mails = await mailsTo(t, user.account.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('VFM : 1 notifications');
    expect(mails[1]!.text).toContain('Batterie du vélo faible');
    expect((await deliveriesOf(user.account.id)).map((d) => d.status)).toEqual(['SENT', 'SENT']);
  });

  it('holds e-mails in the quiet hours, except the kinds that always notify', async () => {
    const allDay = {
      from: '00:00',
      to: '24:00',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
      timeZone: 'Europe/Paris',
    };
    const user = await userWithRule({
      kinds: ['SUSPECTED_THEFT', 'LOW_VEHICLE_BATTERY'],
      channels: ['IN_APP', 'EMAIL'],
      quietHours: allDay,
      alwaysNotify: ['SUSPECTED_THEFT'],
    });
    await openAlert(await createBike(t, cast.fleet), 'LOW_VEHICLE_BATTERY');
    await openAlert(await createBike(t, cast.fleet), 'SUSPECTED_THEFT');
    const [mail] = await waitForMails(t, user.account.email);
    expect(mail!.subject).toMatch(/^Theft alarm/);
    const rows = await waitFor(async () => {
      const all = await deliveriesOf(user.account.id);
      return all.length === 2 ? all : null;
    });
    expect(rows.map((row) => row.held_by).sort()).toEqual(['QUIET_HOURS', null]);
    // both are in the bell
    expect((await user.api.get('notifications')).body.unread).toBe(2);
  });

  it('reaches every manager of the fleet through a fleet-wide rule, once per cause', async () => {
    // a fresh token: the clock moved past the first one's quarter of an hour
    const admin = t.api({ token: await tokenFor(t, cast.admin) });
    const rule = await admin.post(
      'notification-rules',
      ruleInput({
        name: 'Thefts',
        kinds: ['SUSPECTED_THEFT'],
        channels: ['IN_APP'],
        fleetWide: true,
      }),
    );
    expect(rule.status).toBe(201);
    const alertId = await openAlert(await createBike(t, cast.fleet), 'SUSPECTED_THEFT');
    const rows = await waitFor(async () => {
      const found = await t.server.database.query<{ account_id: string }>(
        'SELECT account_id FROM notification WHERE alert_id = $1',
        [alertId],
      );
      return found.length >= 2 ? found : null;
    });
    const ids = rows.map((row) => row.account_id);
    expect(ids).toContain(cast.manager.id);
    expect(ids).toContain(cast.admin.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await admin.delete(`notification-rules/${rule.body.id}`)).status).toBe(204);
  });

  it('stops a fleet-wide rule’s e-mails for the one who unsubscribes, not for the others', async () => {
    const admin = t.api({ token: await tokenFor(t, cast.admin) });
    const rule = await admin.post(
      'notification-rules',
      ruleInput({
        name: 'Fleet batteries',
        kinds: ['LOW_MODULE_BATTERY'],
        channels: ['EMAIL'],
        fleetWide: true,
      }),
    );
    expect(rule.status).toBe(201);
    const reader = await createAccount(t, cast.fleet, { fullName: 'Una Subscribed' });
    await openAlert(await createBike(t, cast.fleet), 'LOW_MODULE_BATTERY');
    const [mail] = await waitForMails(t, reader.email);
    const link = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')![1]!;
    const anonymous = t.api({ apiKey: '', xsrf: '' });
    expect((await anonymous.request('POST', link.replace('http://vfm.test', ''))).status).toBe(200);
    const seen = await t
      .api({ token: await tokenFor(t, reader) })
      .get(`notification-rules/${rule.body.id}`);
    expect(seen.body).toMatchObject({ channels: ['EMAIL'], emailUnsubscribed: true });

    await openAlert(await createBike(t, cast.fleet), 'LOW_MODULE_BATTERY');
    // the administrator still gets the second one; the reader does not
    await waitForMails(t, cast.admin.email, 2);
    expect(await mailsTo(t, reader.email)).toHaveLength(1);

    // My account: the reader turns the rule's e-mails on again (audited), and gets the next one
    const readerApi = t.api({ token: await tokenFor(t, reader) });
    const again = await readerApi.post(`notification-rules/${rule.body.id}/resubscribe`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ channels: ['EMAIL'], emailUnsubscribed: false });
    await openAlert(await createBike(t, cast.fleet), 'LOW_MODULE_BATTERY');
    await waitForMails(t, reader.email, 2);
    const events = await t.server.database.query<{ name: string }>(
      `SELECT name FROM event WHERE user_email = $1 AND name LIKE 'NOTIFICATION_RULE_%SUBSCRIBED'
        ORDER BY id`,
      [reader.email],
    );
    expect(events.map((e) => e.name)).toEqual([
      'NOTIFICATION_RULE_UNSUBSCRIBED',
      'NOTIFICATION_RULE_RESUBSCRIBED',
    ]);
    // again: no change, no event; another fleet's caller: 404
    expect((await readerApi.post(`notification-rules/${rule.body.id}/resubscribe`)).status).toBe(
      200,
    );
    const foreign = await createFleetWithUsers(t);
    expect(
      (
        await t
          .api({ token: foreign.managerToken })
          .post(`notification-rules/${rule.body.id}/resubscribe`)
      ).status,
    ).toBe(404);
    expect((await admin.delete(`notification-rules/${rule.body.id}`)).status).toBe(204);
  });

  it('holds a daily digest until 07:00 in the user’s time zone (ADR 0099)', async () => {
    const user = await userWithRule({
      kinds: ['LOW_VEHICLE_BATTERY'],
      channels: ['EMAIL'],
      digest: 'DAILY',
    });
    const settings = await user.api.put(`users/${user.account.id}/settings`, {
      applicationName: 'VFM',
      distanceUnit: 'KM',
      language: 'en',
      timeZone: 'Asia/Tokyo',
    });
    expect(settings.status).toBe(200);
    const before = t.server.app.ctx.now().getTime();
    await openAlert(await createBike(t, cast.fleet), 'LOW_VEHICLE_BATTERY');
    const [held] = await waitFor(async () => {
      const rows = await t.server.database.query<{ status: string; due_at: Date }>(
        `SELECT status, due_at FROM notification_delivery WHERE account_id = $1`,
        [user.account.id],
      );
      return rows.length > 0 && rows;
    });
    expect(held!.status).toBe('DIGEST');
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(held!.due_at);
    expect(local).toBe('07:00');
    expect(held!.due_at.getTime() - before).toBeLessThanOrEqual(24 * HOUR);
    expect(held!.due_at.getTime()).toBeGreaterThan(before - 60_000);
  });

  it('shows an own rule unsubscribed in one click, and gives its e-mail channel back', async () => {
    const user = await userWithRule({
      kinds: ['LOW_VEHICLE_BATTERY'],
      channels: ['IN_APP', 'EMAIL'],
    });
    await openAlert(await createBike(t, cast.fleet), 'LOW_VEHICLE_BATTERY');
    const [mail] = await waitForMails(t, user.account.email);
    const link = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')![1]!;
    const anonymous = t.api({ apiKey: '', xsrf: '' });
    expect((await anonymous.request('POST', link.replace('http://vfm.test', ''))).status).toBe(200);
    const seen = await user.api.get(`notification-rules/${user.ruleId}`);
    expect(seen.body).toMatchObject({ channels: ['IN_APP'], emailUnsubscribed: true });

    const again = await user.api.post(`notification-rules/${user.ruleId}/resubscribe`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ channels: ['IN_APP', 'EMAIL'], emailUnsubscribed: false });
    expect(again.body.version).toBe(seen.body.version + 1);
    await openAlert(await createBike(t, cast.fleet), 'LOW_VEHICLE_BATTERY');
    await waitForMails(t, user.account.email, 2);

    // unsubscribed again, then the e-mail channel ticked back in the editor: subscribed too
    const [, second] = await waitForMails(t, user.account.email, 2);
    const link2 = /^<(.+)>$/.exec(second!.headers['list-unsubscribe'] ?? '')![1]!;
    await anonymous.request('POST', link2.replace('http://vfm.test', ''));
    const off = await user.api.get(`notification-rules/${user.ruleId}`);
    const {
      id: _id,
      fleetWide: _fw,
      isDefault: _d,
      emailUnsubscribed: _u,
      updatedAt: _a,
      updatedBy: _b,
      groupIds: _g,
      ...fields
    } = off.body;
    const edited = await user.api.put(`notification-rules/${user.ruleId}`, {
      ...fields,
      channels: ['IN_APP', 'EMAIL'],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.emailUnsubscribed).toBe(false);
  });
});

// The `webhooks.disabled-mail` job (ADR 0088, ADR 0118): the fleet's administrators told, once,
// that an endpoint was disabled after 24 h of failures or that its breaker opened.
import { ROLE_ADMIN } from '@vfm/contract';
import type { AppContext } from '../../plugins/context';
import { webhookDisabledMail } from './disabled-mail';
import {
  claimBreakerMail,
  claimDisabledMail,
  releaseBreakerMail,
  releaseDisabledMail,
  selectEndpointById,
  selectFleetAdmins,
} from './queries';

export interface DisabledMailJobData {
  endpointId: string;
  fleetId?: string;
  /** the breaker opened (paused) rather than the endpoint disabled (ADR 0118) */
  reason?: 'DISABLED' | 'PAUSED';
}

/** Tells the fleet's administrators that an endpoint was disabled (once per disabling), or that
 *  its breaker opened (once per opening, ADR 0118). */
export async function mailDisabledEndpoint(ctx: AppContext, job: DisabledMailJobData) {
  if (job.reason === 'PAUSED') return mailPausedEndpoint(ctx, job);
  const { database } = ctx;
  const endpoint = await selectEndpointById(database, job.endpointId);
  if (!endpoint || endpoint.enabled || endpoint.disabledReason !== 'FAILING') return;
  const admins = await selectFleetAdmins(database, endpoint.fleetId, ROLE_ADMIN);
  // claimed first (a replayed job sends nothing); given back when the transport failed
  if (!(await claimDisabledMail(database, endpoint.id, ctx.now()))) return;
  try {
    await mailAdmins(ctx, admins, { url: endpoint.url, failingSince: endpoint.failingSince });
  } catch (error) {
    await releaseDisabledMail(database, endpoint.id);
    throw error;
  }
}

async function mailPausedEndpoint(ctx: AppContext, job: DisabledMailJobData) {
  const { database } = ctx;
  const endpoint = await selectEndpointById(database, job.endpointId);
  if (!endpoint) return;
  const admins = await selectFleetAdmins(database, endpoint.fleetId, ROLE_ADMIN);
  // claimed first (a replayed job sends nothing; a breaker closed meanwhile neither)
  const openedAt = await claimBreakerMail(database, endpoint.id, ctx.now());
  if (!openedAt) return;
  try {
    await mailAdmins(ctx, admins, {
      url: endpoint.url,
      failingSince: endpoint.failingSince ?? openedAt.toISOString(),
      paused: true,
    });
  } catch (error) {
    await releaseBreakerMail(database, endpoint.id);
    throw error;
  }
}

/** The fleet's administrators told of an endpoint turned off or paused, each in their language. */
async function mailAdmins(
  { mailer, config }: AppContext,
  admins: Awaited<ReturnType<typeof selectFleetAdmins>>,
  about: { url: string; failingSince: string | null; paused?: boolean },
) {
  for (const admin of admins)
    await mailer.send(
      webhookDisabledMail({
        ...about,
        to: admin.email,
        fullName: admin.full_name ?? '',
        language: admin.language,
        link: `${config.publicUrl}/${admin.language ?? 'fr'}/administration?tab=webhooks`,
      }),
    );
}

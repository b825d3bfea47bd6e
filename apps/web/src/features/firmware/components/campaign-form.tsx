// Starting a campaign (docs/firmware.md): a package, a name, the target (its bikes by number
// and/or a group with its sub-groups, or every module of the package's model), the canary's share, automatic approval above a
// success rate, the pace, the failure rate that pauses, and an optional maintenance window.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirmwarePackage } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { GroupOptions } from '../../../live/group-options';
import { useFleetGroups } from '../../../live/use-fleet-groups';
import { useServices } from '../../../services/services';
import { useCreateCampaign } from '../api/firmware';
import { parseVehicleNumbers } from '../state/campaign-view';
import { Field, SubmitRow } from './form-parts';
import styles from './firmware.module.css';

const int = (text: string, fallback: number) => {
  const value = Number(text);
  return text.trim() && Number.isInteger(value) ? value : fallback;
};

export function CampaignForm({
  packages,
  onCreated,
}: {
  packages: FirmwarePackage[];
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const create = useCreateCampaign();
  const groups = useFleetGroups();
  const [packageId, setPackageId] = useState('');
  const [name, setName] = useState('');
  const [bikes, setBikes] = useState('');
  const [groupId, setGroupId] = useState('');
  const [canary, setCanary] = useState('10');
  const [autoApprove, setAutoApprove] = useState('');
  const [pace, setPace] = useState('100');
  const [maxFailure, setMaxFailure] = useState('20');
  const [windowStart, setWindowStart] = useState('');
  const [windowEnd, setWindowEnd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = packageId || packages[0]?.id;
    if (!chosen || !name.trim()) return setProblem(t('firmware.campaigns.incomplete'));
    if (Boolean(windowStart) !== Boolean(windowEnd))
      return setProblem(t('firmware.campaigns.windowBoth'));
    setProblem(null);
    const vehicleNumbers = parseVehicleNumbers(bikes);
    create.mutate(
      {
        packageId: chosen,
        name: name.trim(),
        target: {
          ...(vehicleNumbers.length ? { vehicleNumbers } : {}),
          ...(groupId ? { groupIds: [groupId] } : {}),
        },
        canaryPercent: int(canary, 10),
        autoApproveSuccessPercent: autoApprove.trim() ? int(autoApprove, 100) : null,
        pacePerMinute: int(pace, 100),
        maxFailurePercent: int(maxFailure, 20),
        windowStart: windowStart || null,
        windowEnd: windowEnd || null,
      },
      {
        onSuccess: (campaign) => {
          toasts.show({
            type: 'success',
            message: t('firmware.campaigns.created', { name: campaign.name }),
          });
          setName('');
          setBikes('');
          onCreated(campaign.id);
        },
        onError: (error) =>
          setProblem((isApiError(error) && error.problem?.detail) || t('firmware.errors.generic')),
      },
    );
  };

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('firmware.campaigns.start')}
    >
      <Field label={t('firmware.campaigns.package')}>
        <select value={packageId} onChange={(e) => setPackageId(e.target.value)}>
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.moduleModel} · {p.version}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('firmware.campaigns.name')}>
        <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label={t('firmware.campaigns.bikes')} wide>
        <textarea
          rows={2}
          value={bikes}
          placeholder={t('firmware.campaigns.bikesHint')}
          onChange={(e) => setBikes(e.target.value)}
        />
      </Field>
      <Field label={t('firmware.campaigns.group')}>
        <select value={groupId} onChange={(e) => setGroupId(e.target.value)}>
          <option value="">{t('firmware.campaigns.anyGroup')}</option>
          <GroupOptions groups={groups.data} />
        </select>
      </Field>
      <Field label={t('firmware.campaigns.canary')}>
        <input inputMode="numeric" value={canary} onChange={(e) => setCanary(e.target.value)} />
      </Field>
      <Field label={t('firmware.campaigns.autoApprove')}>
        <input
          inputMode="numeric"
          value={autoApprove}
          placeholder={t('firmware.campaigns.manual')}
          onChange={(e) => setAutoApprove(e.target.value)}
        />
      </Field>
      <Field label={t('firmware.campaigns.pace')}>
        <input inputMode="numeric" value={pace} onChange={(e) => setPace(e.target.value)} />
      </Field>
      <Field label={t('firmware.campaigns.maxFailure')}>
        <input
          inputMode="numeric"
          value={maxFailure}
          onChange={(e) => setMaxFailure(e.target.value)}
        />
      </Field>
      <Field label={t('firmware.campaigns.windowStart')}>
        <input type="time" value={windowStart} onChange={(e) => setWindowStart(e.target.value)} />
      </Field>
      <Field label={t('firmware.campaigns.windowEnd')}>
        <input type="time" value={windowEnd} onChange={(e) => setWindowEnd(e.target.value)} />
      </Field>
      <SubmitRow label={t('firmware.campaigns.start')} busy={create.isPending} problem={problem} />
    </form>
  );
}

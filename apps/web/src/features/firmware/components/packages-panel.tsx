// The fleet's firmware packages (docs/firmware.md): each with its module model, version, size
// and SHA-256 (computed by the server as the file streamed in); an upload form (version, model,
// file) and a delete button (refused while a campaign uses the package).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PackageOpen, Trash2 } from 'lucide-react';
import { isApiError } from '../../../api/api-error';
import { useServices } from '../../../services/services';
import { IconButton } from '../../../ui/icon-button/icon-button';
import { Panel } from '../../../ui/page/page';
import { QueryState } from '../../../ui/query-state/query-state';
import { useDeletePackage, usePackages, useUploadPackage } from '../api/firmware';
import { Field, SubmitRow } from './form-parts';
import { useFormatters } from '../../../format/use-formatters';
import cards from '../../../bike/firmware-history.module.css';
import styles from './firmware.module.css';

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KiB`
      : `${bytes} B`;

export function PackagesPanel() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { toasts } = useServices();
  const packages = usePackages();
  const upload = useUploadPackage();
  const remove = useDeletePackage();
  const [version, setVersion] = useState('');
  const [moduleModel, setModuleModel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const problemOf = (error: unknown) =>
    (isApiError(error) && error.problem?.detail) || t('firmware.errors.generic');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!version.trim() || !moduleModel.trim() || !file)
      return setProblem(t('firmware.packages.incomplete'));
    setProblem(null);
    upload.mutate(
      { version: version.trim(), moduleModel: moduleModel.trim(), file },
      {
        onSuccess: (pkg) => {
          toasts.show({
            type: 'success',
            message: t('firmware.packages.uploaded', { version: pkg.version }),
          });
          setVersion('');
          setFile(null);
          setFormKey((k) => k + 1);
        },
        onError: (error) => setProblem(problemOf(error)),
      },
    );
  };

  return (
    <Panel
      id="firmware-packages"
      title={t('firmware.packages.title')}
      intro={t('firmware.packages.intro')}
    >
      <QueryState
        query={packages}
        texts={{
          loading: t('firmware.packages.loading'),
          error: t('firmware.packages.error'),
          retry: t('firmware.retry'),
        }}
        empty={{
          icon: <PackageOpen aria-hidden />,
          title: t('firmware.packages.empty'),
          hint: t('firmware.packages.emptyHint'),
        }}
        isEmpty={(data) => !data.packages.length}
      >
        {(data) => (
          <ul className={cards.list} aria-label={t('firmware.packages.title')}>
            {data.packages.map((p) => (
              <li key={p.id} className={cards.card}>
                <div className={cards.cardHead}>
                  <h3 className={styles.cardTitle}>
                    {p.moduleModel} · {p.version}
                  </h3>
                  <span className={styles.grow} />
                  <IconButton
                    label={t('firmware.packages.delete', { version: p.version })}
                    disabled={p.activeCampaigns > 0}
                    onClick={() =>
                      remove.mutate(p.id, {
                        onSuccess: () =>
                          toasts.show({ type: 'success', message: t('firmware.packages.deleted') }),
                        onError: (error) =>
                          toasts.show({ type: 'error', message: problemOf(error) }),
                      })
                    }
                  >
                    <Trash2 size={16} aria-hidden />
                  </IconButton>
                </div>
                <p className={styles.meta}>
                  <span>{p.fileName}</span>
                  <span>{formatBytes(p.size)}</span>
                  <span>
                    {t('firmware.packages.uploadedValue', { date: format.dateTime(p.uploadedAt) })}
                  </span>
                  {p.uploadedBy && <span>{p.uploadedBy}</span>}
                </p>
                <p className={styles.hash}>
                  SHA-256 <span>{p.sha256}</span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <form
        key={formKey}
        className={styles.form}
        onSubmit={submit}
        noValidate
        aria-label={t('firmware.packages.upload')}
      >
        <Field label={t('firmware.packages.version')}>
          <input value={version} maxLength={40} onChange={(e) => setVersion(e.target.value)} />
        </Field>
        <Field label={t('firmware.packages.model')}>
          <input
            value={moduleModel}
            maxLength={40}
            placeholder="VFM-IOT-3"
            onChange={(e) => setModuleModel(e.target.value)}
          />
        </Field>
        <Field label={t('firmware.packages.file')}>
          <input type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field>
        <SubmitRow
          label={t('firmware.packages.upload')}
          busy={upload.isPending}
          problem={problem}
        />
      </form>
    </Panel>
  );
}

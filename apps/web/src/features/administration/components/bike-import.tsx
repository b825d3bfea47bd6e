// Import bikes from a CSV (docs/web.md): the file is read and checked in a worker
// (SPEC §5 patterns, duplicates) and previewed before anything is sent; then sent in parts with
// a progress bar (a 50,000-line file is ~25 requests), the results gathered with the file's line
// numbers; the new modules' MQTT secrets shown once, with a CSV download; then the imported
// bikes whose module has not reported yet, live.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileUp, KeyRound, Radio, TriangleAlert } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { VEHICLE_IMPORT_COLUMNS } from '@vfm/contract/vehicle-csv';
import type { FleetListPage, VehicleImportResult } from '@vfm/contract';
import { isApiError } from '../../../api/api-error';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Button } from '../../../ui/button/button';
import { DataTable } from '../../../ui/data-table/data-table';
import { Spinner } from '../../../ui/spinner/spinner';
import { importPart } from '../api/vehicles';
import { moduleSecretsCsv } from '../state/module-secrets-csv';
import type { FromImportWorker } from '../workers/import-protocol';
import { AdminTab } from './admin-tab';
import styles from './administration.module.css';
import { bikePath } from '../../../bike/bike-path';
import { saveFile } from '../../../api/save-file';

/** valid lines per request: ~100 KB, well under the server's 1 MiB body limit */
const PART_LINES = 2000;
const PREVIEW_LINES = 10;
const ERRORS_SHOWN = 100;

type Parsed = Extract<FromImportWorker, { type: 'parsed' }>;
type State =
  | { step: 'idle' }
  | { step: 'reading'; name: string }
  | { step: 'refused'; message: string }
  | { step: 'preview'; name: string; parsed: Parsed }
  | { step: 'sending'; name: string; parsed: Parsed; part: number }
  | {
      step: 'done';
      parsed: Parsed;
      result: VehicleImportResult;
      failure: { part: number; detail: string } | null;
    };

export function BikeImport() {
  const { t } = useTranslation();
  const { http } = useServices();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const worker = useRef<Worker | null>(null);
  useEffect(() => () => worker.current?.terminate(), []);
  const columns = VEHICLE_IMPORT_COLUMNS.join(',');

  const read = (file: File) => {
    worker.current?.terminate();
    const next = new Worker(new URL('../workers/import-worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.current = next;
    setState({ step: 'reading', name: file.name });
    next.onmessage = (event: MessageEvent<FromImportWorker>) => {
      const message = event.data;
      next.terminate();
      if (message.type === 'parsed') {
        setState({ step: 'preview', name: file.name, parsed: message });
        return;
      }
      const key = {
        syntax: 'administration.bikes.refusedSyntax',
        header: 'administration.bikes.refusedHeader',
        unreadable: 'administration.bikes.refusedUnreadable',
      } as const;
      setState({
        step: 'refused',
        message: t(key[message.reason], { line: message.line, detail: message.detail, columns }),
      });
    };
    next.postMessage({ file, partLines: PART_LINES, previewLines: PREVIEW_LINES });
  };

  const send = async (name: string, parsed: Parsed) => {
    const result: VehicleImportResult = { created: 0, updated: 0, errors: [], modules: [] };
    let failure: { part: number; detail: string } | null = null;
    for (let index = 0; index < parsed.parts.length; index += 1) {
      setState({ step: 'sending', name, parsed, part: index });
      const part = parsed.parts[index]!;
      try {
        const answer = await importPart(http, part.csv);
        result.created += answer.created;
        result.updated += answer.updated;
        result.modules.push(...answer.modules);
        // the server counts its part's lines from its header (line 1)
        for (const error of answer.errors) {
          result.errors.push({
            line: part.lines[error.line - 2] ?? error.line,
            message: error.message,
          });
        }
      } catch (error) {
        failure = {
          part: index + 1,
          detail: (isApiError(error) && error.problem?.detail) || t('errors.generic'),
        };
        break;
      }
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.fleet.all });
    setState({ step: 'done', parsed, result, failure });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) read(file);
  };

  const picker = (
    <div
      className={styles.drop}
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <FileUp size={28} aria-hidden="true" />
      <label className={styles.fileLabel}>
        <span>{t('administration.bikes.choose')}</span>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) read(file);
            event.target.value = '';
          }}
        />
      </label>
      <span className={styles.muted}>{t('administration.bikes.drop')}</span>
    </div>
  );

  return (
    <AdminTab
      heading={{ id: 'import-title', text: t('administration.bikes.importTitle') }}
      intro={t('administration.bikes.importIntro', { columns })}
    >
      {(state.step === 'idle' || state.step === 'refused') && picker}
      {state.step === 'refused' && <InlineAlert>{state.message}</InlineAlert>}
      {state.step === 'reading' && (
        <p className={styles.status} role="status">
          <Spinner /> {t('administration.bikes.reading', { name: state.name })}
        </p>
      )}
      {(state.step === 'preview' || state.step === 'sending') && (
        <Preview
          name={state.name}
          parsed={state.parsed}
          sending={state.step === 'sending' ? state.part : null}
          onImport={() => void send(state.name, state.parsed)}
          onAnother={() => setState({ step: 'idle' })}
        />
      )}
      {state.step === 'done' && (
        <Result state={state} onAnother={() => setState({ step: 'idle' })} />
      )}
    </AdminTab>
  );
}

function LineErrors({ errors, title }: { errors: Parsed['errors']; title: string }) {
  const { t } = useTranslation();
  if (!errors.length) return null;
  return (
    <div className={styles.errors}>
      <p>
        <TriangleAlert size={16} aria-hidden="true" /> {title}
      </p>
      <ul data-testid="import-errors">
        {errors.slice(0, ERRORS_SHOWN).map((error) => (
          <li key={`${error.line}-${error.message}`}>
            <strong>{t('administration.bikes.line', { line: error.line })}</strong>: {error.message}
          </li>
        ))}
        {errors.length > ERRORS_SHOWN && (
          <li>{t('administration.bikes.moreErrors', { count: errors.length - ERRORS_SHOWN })}</li>
        )}
      </ul>
    </div>
  );
}

function Preview({
  name,
  parsed,
  sending,
  onImport,
  onAnother,
}: {
  name: string;
  parsed: Parsed;
  sending: number | null;
  onImport(): void;
  onAnother(): void;
}) {
  const { t } = useTranslation();
  const parts = parsed.parts.length;
  return (
    <div className={styles.importBody}>
      <p className={styles.summary}>
        <strong>{t('administration.bikes.summary', { count: parsed.valid, name })}</strong>{' '}
        <span className={styles.muted}>
          ({t('administration.bikes.withModule', { count: parsed.withModule })})
        </span>
      </p>
      <LineErrors
        errors={parsed.errors}
        title={t('administration.bikes.rejected', { count: parsed.errors.length })}
      />
      {parsed.preview.length > 0 && (
        <DataTable
          caption={t('administration.bikes.previewLabel')}
          rows={parsed.preview}
          rowKey={(line) => line.line}
          columns={[
            { id: 'line', label: '#', cell: (line) => line.line },
            { id: 'vehicleNumber', label: 'vehicleNumber', cell: (line) => line.vehicleNumber },
            { id: 'bikeCode', label: 'bikeCode', cell: (line) => line.bikeCode },
            { id: 'moduleId', label: 'moduleId', cell: (line) => line.moduleId ?? '—' },
            { id: 'model', label: 'model', cell: (line) => line.model },
            { id: 'group', label: 'group', cell: (line) => line.group ?? '—' },
          ]}
        />
      )}
      {parsed.valid > parsed.preview.length && (
        <p className={styles.muted}>
          {t('administration.bikes.previewMore', {
            shown: parsed.preview.length,
            count: parsed.valid,
          })}
        </p>
      )}
      {sending !== null ? (
        <div className={styles.progress}>
          <label htmlFor="import-progress">
            {t('administration.bikes.sending', { part: sending + 1, parts })}
          </label>
          <progress
            id="import-progress"
            max={parts}
            value={sending}
            aria-label={t('administration.bikes.progress')}
          />
        </div>
      ) : (
        <div className={styles.buttonsStart}>
          <Button onClick={onImport} disabled={!parsed.valid}>
            {t('administration.bikes.import', { count: parsed.valid })}
          </Button>
          <Button variant="secondary" onClick={onAnother}>
            {t('administration.bikes.another')}
          </Button>
        </div>
      )}
    </div>
  );
}

function Result({
  state,
  onAnother,
}: {
  state: Extract<State, { step: 'done' }>;
  onAnother(): void;
}) {
  const { t } = useTranslation();
  const { result, parsed, failure } = state;
  const rejected = parsed.errors.length + result.errors.length;
  const downloadSecrets = () => {
    const csv = moduleSecretsCsv(result.modules);
    saveFile(
      new Blob([csv], { type: 'text/csv' }),
      `module-secrets-${new Date().toISOString().slice(0, 10)}.csv`,
    );
  };
  return (
    <div className={styles.importBody}>
      <InlineAlert type={failure ? 'error' : rejected ? 'warning' : 'success'}>
        {t('administration.bikes.done', {
          created: result.created,
          updated: result.updated,
          rejected,
        })}
        {failure && (
          <>
            {' '}
            {t('administration.bikes.failedPart', {
              part: failure.part,
              parts: parsed.parts.length,
              detail: failure.detail,
            })}
          </>
        )}
      </InlineAlert>
      <LineErrors
        errors={parsed.errors}
        title={t('administration.bikes.skipped', { count: parsed.errors.length })}
      />
      <LineErrors errors={result.errors} title={t('administration.bikes.serverRejected')} />
      {result.modules.length > 0 && (
        <section className={styles.secrets} aria-labelledby="secrets-title">
          <h3 id="secrets-title" className={styles.cardTitle}>
            <KeyRound size={18} aria-hidden="true" /> {t('administration.bikes.secretsTitle')}
          </h3>
          <InlineAlert type="warning">{t('administration.bikes.secretsWarning')}</InlineAlert>
          <Button onClick={downloadSecrets}>{t('administration.bikes.secretsDownload')}</Button>
          <DataTable
            testId="module-secrets"
            scrolling
            rows={result.modules.slice(0, 200)}
            rowKey={(module) => module.moduleId}
            columns={[
              { id: 'module', label: t('administration.bikes.module'), cell: (m) => m.moduleId },
              {
                id: 'secret',
                label: t('administration.bikes.secret'),
                cell: (m) => <code>{m.secret}</code>,
              },
            ]}
          />
        </section>
      )}
      {!failure && parsed.withModuleNumbers.length > 0 && (
        <AwaitingFirstReport vehicleNumbers={parsed.withModuleNumbers} />
      )}
      <div className={styles.buttonsStart}>
        <Button variant="secondary" onClick={onAnother}>
          {t('administration.bikes.another')}
        </Button>
      </div>
    </div>
  );
}

/** how many never-heard-from bikes are read to find the imported ones among them */
const AWAITING_READ = 1000;
const AWAITING_SHOWN = 50;

/**
 * The imported bikes whose module has not reported yet, so that the installer knows which to
 * check: the fleet's never-heard-from bikes (last communication, nulls first) — a list page
 * the stream controller patches in place, so a bike leaves this list when its module reports.
 */
function AwaitingFirstReport({ vehicleNumbers }: { vehicleNumbers: readonly string[] }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const params = { page: 0, size: AWAITING_READ, sort: 'lastCommunicationDate,asc' };
  const list = useQuery({
    queryKey: queryKeys.fleet.list(params),
    queryFn: () => http.get<FleetListPage>('fleet/list', { query: params }),
  });
  if (!list.data) return null;
  const imported = new Set(vehicleNumbers);
  const waiting = list.data.content.filter(
    (bike) => imported.has(bike.vehicleNumber) && bike.lastCommunicationDate === null,
  );
  return (
    <section className={styles.awaiting} aria-labelledby="awaiting-title" role="status">
      <h3 id="awaiting-title" className={styles.cardTitle}>
        <Radio size={18} aria-hidden="true" />
        {waiting.length
          ? t('administration.bikes.awaiting', { count: waiting.length })
          : t('administration.bikes.allReported')}
      </h3>
      {waiting.length > 0 && (
        <ul className={styles.awaitingList} data-testid="awaiting-first-report">
          {waiting.slice(0, AWAITING_SHOWN).map((bike) => (
            <li key={bike.vehicleNumber}>
              <Link to={bikePath(bike.vehicleNumber)}>{bike.vehicleNumber}</Link>{' '}
              <span className={styles.muted}>{bike.moduleId}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The scheduled report's e-mail (ADR 0127): the report's headline figures in the body, the file
// attached, and a link to the same report on the Reports screen. Every value is HTML-escaped.
import type { Report } from '@vfm/contract';
import { escapeHtml } from '../../mail/templates/layout';
import { reportTitle } from './report-tables';

export function scheduledReportMail(input: {
  to: string;
  name: string;
  report: Report;
  link: string;
}) {
  const { report, link } = input;
  const f = report.figures;
  const lines = [
    `Trips: ${f.trips} (before: ${report.previousFigures.trips})`,
    `Kilometres: ${f.km}`,
    `Idle %: ${f.idlePercent ?? '—'}`,
    `Active bikes: ${f.activeBikes ?? '—'}, inactive: ${f.inactiveBikes ?? '—'}`,
    `Alerts opened: ${f.alertsOpened}`,
    `Tasks done: ${f.tasksDone} (within SLA: ${f.tasksWithinSlaPercent ?? '—'} %)`,
  ];
  const title = reportTitle(report);
  const subject = `${input.name}: ${title}`;
  const text = [
    `${input.name} — ${title}`,
    ...lines,
    `The whole report is attached. See it in VFM: ${link}`,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<h1 style="font-size:18px">${escapeHtml(input.name)} — ${escapeHtml(title)}</h1>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p>The whole report is attached. <a href="${escapeHtml(link)}">See it in VFM</a>.</p>
</body></html>
`;
  return { to: input.to, subject, text, html, links: [link] };
}

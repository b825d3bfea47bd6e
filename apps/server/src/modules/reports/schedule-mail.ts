// The scheduled report's e-mail (ADR 0127): the report's headline figures in the body, in the
// recipient's language (schedule-mail-texts.ts), the file attached, and a link to the same
// report on the Reports screen. Every value is HTML-escaped.
import type { Language, Report } from '@vfm/contract';
import { escapeHtml } from '../../mail/templates/layout';
import { reportTitle } from './report-tables';
import { REPORT_MAIL_TEXTS } from './schedule-mail-texts';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export function scheduledReportMail(input: {
  to: string;
  name: string;
  report: Report;
  link: string;
  language: Language;
}) {
  const { report, link, language } = input;
  const texts = REPORT_MAIL_TEXTS[language];
  const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const n = (value: number | null) => (value === null ? '—' : numbers.format(value));
  const f = report.figures;
  const lines = [
    fill(texts.trips, { value: n(f.trips), before: n(report.previousFigures.trips) }),
    fill(texts.km, { value: n(f.km) }),
    fill(texts.idle, { value: n(f.idlePercent) }),
    fill(texts.bikes, { active: n(f.activeBikes), inactive: n(f.inactiveBikes) }),
    fill(texts.alerts, { value: n(f.alertsOpened) }),
    fill(texts.tasks, { value: n(f.tasksDone), share: n(f.tasksWithinSlaPercent) }),
  ];
  const title = reportTitle(report);
  const subject = `${input.name}: ${title}`;
  const text = [
    `${input.name} — ${title}`,
    ...lines,
    `${texts.attached} ${texts.action}: ${link}`,
  ].join('\n\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;font-size:15px;line-height:1.5">
<h1 style="font-size:18px">${escapeHtml(input.name)} — ${escapeHtml(title)}</h1>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p>${escapeHtml(texts.attached)} <a href="${escapeHtml(link)}">${escapeHtml(texts.action)}</a>.</p>
</body></html>
`;
  return { to: input.to, subject, text, html, links: [link] };
}

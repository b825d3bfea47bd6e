// Texts of the scheduled report's e-mail (ADR 0127) in the 11 languages of SPEC §3, French the
// default: each recipient's in their account's language. Placeholders {name}, {value},
// {before}, {active}, {inactive}, {share}. The attached file's tables stay in English (read by
// spreadsheets and by the city, whatever the reader's language).
import type { Language } from '@vfm/contract';

export interface ReportMailTexts {
  trips: string;
  km: string;
  idle: string;
  bikes: string;
  alerts: string;
  tasks: string;
  attached: string;
  action: string;
}

export const REPORT_MAIL_TEXTS: Record<Language, ReportMailTexts> = {
  fr: {
    trips: 'Trajets : {value} (période précédente : {before})',
    km: 'Kilomètres : {value}',
    idle: 'Inactivité : {value} %',
    bikes: 'Vélos actifs : {active}, inactifs : {inactive}',
    alerts: 'Alertes ouvertes : {value}',
    tasks: 'Tâches terminées : {value} (dans les délais : {share} %)',
    attached: 'Le rapport complet est en pièce jointe.',
    action: 'Le voir dans VFM',
  },
  en: {
    trips: 'Trips: {value} (period before: {before})',
    km: 'Kilometres: {value}',
    idle: 'Idle: {value} %',
    bikes: 'Active bikes: {active}, inactive: {inactive}',
    alerts: 'Alerts opened: {value}',
    tasks: 'Tasks done: {value} (within SLA: {share} %)',
    attached: 'The whole report is attached.',
    action: 'See it in VFM',
  },
  de: {
    trips: 'Fahrten: {value} (Vorperiode: {before})',
    km: 'Kilometer: {value}',
    idle: 'Leerlauf: {value} %',
    bikes: 'Aktive Räder: {active}, inaktive: {inactive}',
    alerts: 'Geöffnete Alarme: {value}',
    tasks: 'Erledigte Aufgaben: {value} (fristgerecht: {share} %)',
    attached: 'Der vollständige Bericht ist angehängt.',
    action: 'In VFM ansehen',
  },
  es: {
    trips: 'Viajes: {value} (periodo anterior: {before})',
    km: 'Kilómetros: {value}',
    idle: 'Inactividad: {value} %',
    bikes: 'Bicis activas: {active}, inactivas: {inactive}',
    alerts: 'Alertas abiertas: {value}',
    tasks: 'Tareas hechas: {value} (en plazo: {share} %)',
    attached: 'El informe completo va adjunto.',
    action: 'Verlo en VFM',
  },
  it: {
    trips: 'Corse: {value} (periodo precedente: {before})',
    km: 'Chilometri: {value}',
    idle: 'Inattività: {value} %',
    bikes: 'Bici attive: {active}, inattive: {inactive}',
    alerts: 'Avvisi aperti: {value}',
    tasks: 'Attività completate: {value} (entro lo SLA: {share} %)',
    attached: 'Il rapporto completo è allegato.',
    action: 'Vederlo in VFM',
  },
  nl: {
    trips: 'Ritten: {value} (vorige periode: {before})',
    km: 'Kilometers: {value}',
    idle: 'Stilstand: {value} %',
    bikes: 'Actieve fietsen: {active}, inactieve: {inactive}',
    alerts: 'Geopende meldingen: {value}',
    tasks: 'Afgeronde taken: {value} (binnen SLA: {share} %)',
    attached: 'Het volledige rapport zit in de bijlage.',
    action: 'Bekijken in VFM',
  },
  zh: {
    trips: '骑行：{value}（上一周期：{before}）',
    km: '公里：{value}',
    idle: '闲置：{value} %',
    bikes: '活跃车辆：{active}，不活跃：{inactive}',
    alerts: '新开警报：{value}',
    tasks: '完成任务：{value}（符合 SLA：{share} %）',
    attached: '完整报告见附件。',
    action: '在 VFM 中查看',
  },
  cs: {
    trips: 'Jízdy: {value} (předchozí období: {before})',
    km: 'Kilometry: {value}',
    idle: 'Nečinnost: {value} %',
    bikes: 'Aktivní kola: {active}, neaktivní: {inactive}',
    alerts: 'Otevřená upozornění: {value}',
    tasks: 'Hotové úkoly: {value} (v rámci SLA: {share} %)',
    attached: 'Celý přehled je v příloze.',
    action: 'Zobrazit ve VFM',
  },
  pt: {
    trips: 'Viagens: {value} (período anterior: {before})',
    km: 'Quilómetros: {value}',
    idle: 'Inatividade: {value} %',
    bikes: 'Bicicletas ativas: {active}, inativas: {inactive}',
    alerts: 'Alertas abertos: {value}',
    tasks: 'Tarefas concluídas: {value} (dentro do SLA: {share} %)',
    attached: 'O relatório completo vai em anexo.',
    action: 'Ver no VFM',
  },
  pl: {
    trips: 'Przejazdy: {value} (poprzedni okres: {before})',
    km: 'Kilometry: {value}',
    idle: 'Bezczynność: {value} %',
    bikes: 'Aktywne rowery: {active}, nieaktywne: {inactive}',
    alerts: 'Otwarte alarmy: {value}',
    tasks: 'Wykonane zadania: {value} (w ramach SLA: {share} %)',
    attached: 'Pełny raport jest w załączniku.',
    action: 'Zobacz w VFM',
  },
  fi: {
    trips: 'Matkat: {value} (edellinen jakso: {before})',
    km: 'Kilometrit: {value}',
    idle: 'Joutokäynti: {value} %',
    bikes: 'Aktiiviset pyörät: {active}, passiiviset: {inactive}',
    alerts: 'Avatut hälytykset: {value}',
    tasks: 'Tehdyt tehtävät: {value} (SLA:n sisällä: {share} %)',
    attached: 'Koko raportti on liitteenä.',
    action: 'Katso VFM:ssä',
  },
};

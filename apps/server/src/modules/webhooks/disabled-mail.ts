// The e-mail to a fleet's administrators when one of its webhooks failed for 24 hours and was
// disabled (issue 22 §4), in the recipient's language (11 languages; French by default). The
// greeting, link fallback and signature are the account e-mails'.
import { isLanguage, type Language } from '@vfm/contract';
import type { MailMessage } from '../../mail/mailer';
import { MAIL_TEXTS } from '../../mail/templates/messages';
import { interpolate, renderHtml, renderText, type MailLayout } from '../../mail/templates/layout';

interface Texts {
  subject: string;
  intro: string;
  action: string;
  after: string;
}

// placeholders: {url}, {since}
const TEXTS: Record<Language, Texts> = {
  fr: {
    subject: 'Webhook VFM désactivé après 24 heures d’échecs',
    intro:
      'Le webhook {url} de votre flotte échoue depuis le {since} (UTC) : VFM l’a désactivé et ne lui envoie plus d’alertes.',
    action: 'Ouvrir les webhooks',
    after:
      'Réparez le récepteur, puis réactivez le webhook ; son journal de livraison montre chaque tentative.',
  },
  en: {
    subject: 'VFM webhook disabled after 24 hours of failures',
    intro:
      'The webhook {url} of your fleet has been failing since {since} (UTC): VFM disabled it and no longer sends it alerts.',
    action: 'Open the webhooks',
    after: 'Fix the receiver, then turn the webhook on again; its delivery log shows each attempt.',
  },
  de: {
    subject: 'VFM-Webhook nach 24 Stunden Fehlern deaktiviert',
    intro:
      'Der Webhook {url} Ihrer Flotte schlägt seit {since} (UTC) fehl: VFM hat ihn deaktiviert und sendet ihm keine Alarme mehr.',
    action: 'Webhooks öffnen',
    after:
      'Beheben Sie den Fehler beim Empfänger und aktivieren Sie den Webhook wieder; sein Zustellprotokoll zeigt jeden Versuch.',
  },
  es: {
    subject: 'Webhook de VFM desactivado tras 24 horas de fallos',
    intro:
      'El webhook {url} de su flota falla desde {since} (UTC): VFM lo ha desactivado y ya no le envía alertas.',
    action: 'Abrir los webhooks',
    after:
      'Repare el receptor y vuelva a activar el webhook; su registro de entregas muestra cada intento.',
  },
  it: {
    subject: 'Webhook VFM disattivato dopo 24 ore di errori',
    intro:
      'Il webhook {url} della sua flotta non riesce dal {since} (UTC): VFM lo ha disattivato e non gli invia più avvisi.',
    action: 'Apri i webhook',
    after:
      'Ripari il ricevitore, poi riattivi il webhook; il suo registro delle consegne mostra ogni tentativo.',
  },
  nl: {
    subject: 'VFM-webhook uitgeschakeld na 24 uur mislukkingen',
    intro:
      'De webhook {url} van uw vloot mislukt sinds {since} (UTC): VFM heeft hem uitgeschakeld en stuurt hem geen meldingen meer.',
    action: 'Webhooks openen',
    after:
      'Herstel de ontvanger en schakel de webhook weer in; het afleverlogboek toont elke poging.',
  },
  zh: {
    subject: 'VFM Webhook 连续失败 24 小时后已停用',
    intro: '您车队的 Webhook {url} 自 {since}（UTC）起一直失败：VFM 已将其停用，不再向其发送警报。',
    action: '打开 Webhook',
    after: '请修复接收端，然后重新启用该 Webhook；其投递日志列出了每次尝试。',
  },
  cs: {
    subject: 'Webhook VFM vypnut po 24 hodinách selhání',
    intro:
      'Webhook {url} vaší flotily selhává od {since} (UTC): VFM jej vypnul a už mu neposílá upozornění.',
    action: 'Otevřít webhooky',
    after: 'Opravte příjemce a webhook znovu zapněte; jeho protokol doručení ukazuje každý pokus.',
  },
  pt: {
    subject: 'Webhook VFM desativado após 24 horas de falhas',
    intro:
      'O webhook {url} da sua frota falha desde {since} (UTC): o VFM desativou-o e já não lhe envia alertas.',
    action: 'Abrir os webhooks',
    after:
      'Corrija o recetor e volte a ativar o webhook; o seu registo de entregas mostra cada tentativa.',
  },
  pl: {
    subject: 'Webhook VFM wyłączony po 24 godzinach błędów',
    intro:
      'Webhook {url} Twojej floty zawodzi od {since} (UTC): VFM go wyłączył i nie wysyła mu już alertów.',
    action: 'Otwórz webhooki',
    after:
      'Napraw odbiorcę, a następnie włącz webhook ponownie; jego dziennik dostaw pokazuje każdą próbę.',
  },
  fi: {
    subject: 'VFM-webhook poistettu käytöstä 24 tunnin virheiden jälkeen',
    intro:
      'Kalustosi webhook {url} on epäonnistunut {since} (UTC) alkaen: VFM poisti sen käytöstä eikä lähetä sille enää hälytyksiä.',
    action: 'Avaa webhookit',
    after:
      'Korjaa vastaanottaja ja ota webhook uudelleen käyttöön; sen toimitusloki näyttää jokaisen yrityksen.',
  },
};

export interface WebhookDisabledMailInput {
  to: string;
  fullName: string;
  language: string | null;
  url: string;
  failingSince: string | null;
  /** Administration → Webhooks */
  link: string;
}

export function webhookDisabledMail(input: WebhookDisabledMailInput): MailMessage {
  const language: Language = isLanguage(input.language) ? input.language : 'fr';
  const texts = TEXTS[language];
  const common = MAIL_TEXTS[language];
  const since = (input.failingSince ?? '').replace('T', ' ').slice(0, 16);
  const t = (template: string) =>
    interpolate(template, { url: input.url, since, name: input.fullName });
  const layout: MailLayout = {
    language,
    subject: t(texts.subject),
    greeting: t(input.fullName.trim() ? common.greeting : common.greetingNoName),
    before: [t(texts.intro)],
    action: { label: t(texts.action), url: input.link },
    after: [t(texts.after)],
    linkFallback: t(common.linkFallback),
    signature: t(common.signature),
  };
  return {
    to: input.to,
    subject: layout.subject,
    text: renderText(layout),
    html: renderHtml(layout),
    links: [input.link],
  };
}

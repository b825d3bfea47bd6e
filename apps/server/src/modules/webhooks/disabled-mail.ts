// The e-mail to a fleet's administrators when one of its webhooks failed for 24 hours and was
// disabled (docs/webhooks.md), in the recipient's language (11 languages; French by default). The
// greeting, link fallback and signature are the account e-mails'.
import { isLanguage, type Language } from '@vfm/contract';
import type { MailMessage } from '../../mail/mailer';
import { MAIL_TEXTS } from '../../mail/templates/messages';
import { interpolate, layoutMessage, type MailLayout } from '../../mail/templates/layout';

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

// ADR 0118: the endpoint's breaker opened (5 failures in a row): its attempts are paused, not
// stopped. Placeholders: {url}, {since}
const PAUSED_TEXTS: Record<Language, Texts> = {
  fr: {
    subject: 'Webhook VFM en pause : son récepteur échoue',
    intro:
      'Le webhook {url} de votre flotte a échoué 5 fois de suite (depuis le {since}, UTC) : VFM espace ses tentatives, de une minute à une heure, jusqu’à ce qu’il réponde.',
    action: 'Ouvrir les webhooks',
    after:
      'Réparez le récepteur ; un envoi de test ou une relivraison le vérifie aussitôt. Après 24 heures d’échecs, le webhook est désactivé.',
  },
  en: {
    subject: 'VFM webhook paused: its receiver is failing',
    intro:
      'The webhook {url} of your fleet failed 5 times in a row (since {since}, UTC): VFM spaces its attempts out, from one minute to an hour, until it answers.',
    action: 'Open the webhooks',
    after:
      'Fix the receiver; a test event or a redelivery checks it at once. After 24 hours of failures the webhook is disabled.',
  },
  de: {
    subject: 'VFM-Webhook pausiert: sein Empfänger schlägt fehl',
    intro:
      'Der Webhook {url} Ihrer Flotte ist 5-mal hintereinander fehlgeschlagen (seit {since}, UTC): VFM verteilt seine Versuche auf eine Minute bis eine Stunde, bis er antwortet.',
    action: 'Webhooks öffnen',
    after:
      'Beheben Sie den Fehler beim Empfänger; ein Testereignis oder eine erneute Zustellung prüft ihn sofort. Nach 24 Stunden Fehlern wird der Webhook deaktiviert.',
  },
  es: {
    subject: 'Webhook de VFM en pausa: su receptor falla',
    intro:
      'El webhook {url} de su flota ha fallado 5 veces seguidas (desde {since}, UTC): VFM espacia sus intentos, de un minuto a una hora, hasta que responda.',
    action: 'Abrir los webhooks',
    after:
      'Repare el receptor; un evento de prueba o una reentrega lo comprueba enseguida. Tras 24 horas de fallos, el webhook se desactiva.',
  },
  it: {
    subject: 'Webhook VFM in pausa: il suo ricevitore non risponde',
    intro:
      'Il webhook {url} della sua flotta non è riuscito 5 volte di seguito (dal {since}, UTC): VFM distanzia i tentativi, da un minuto a un’ora, finché non risponde.',
    action: 'Apri i webhook',
    after:
      'Ripari il ricevitore; un evento di prova o una nuova consegna lo verifica subito. Dopo 24 ore di errori il webhook viene disattivato.',
  },
  nl: {
    subject: 'VFM-webhook gepauzeerd: de ontvanger faalt',
    intro:
      'De webhook {url} van uw vloot is 5 keer achter elkaar mislukt (sinds {since}, UTC): VFM spreidt de pogingen, van een minuut tot een uur, tot hij antwoordt.',
    action: 'Webhooks openen',
    after:
      'Herstel de ontvanger; een testgebeurtenis of een nieuwe aflevering controleert hem meteen. Na 24 uur mislukkingen wordt de webhook uitgeschakeld.',
  },
  zh: {
    subject: 'VFM Webhook 已暂停：其接收端持续失败',
    intro:
      '您车队的 Webhook {url} 已连续失败 5 次（自 {since}，UTC 起）：VFM 会拉长重试间隔（一分钟到一小时），直到它恢复响应。',
    action: '打开 Webhook',
    after:
      '请修复接收端；发送测试事件或重新投递可立即验证。连续失败 24 小时后，该 Webhook 将被停用。',
  },
  cs: {
    subject: 'Webhook VFM pozastaven: jeho příjemce selhává',
    intro:
      'Webhook {url} vaší flotily selhal 5krát za sebou (od {since}, UTC): VFM rozkládá pokusy od jedné minuty po hodinu, dokud neodpoví.',
    action: 'Otevřít webhooky',
    after:
      'Opravte příjemce; testovací událost nebo opětovné doručení jej hned ověří. Po 24 hodinách selhání se webhook vypne.',
  },
  pt: {
    subject: 'Webhook VFM em pausa: o seu recetor está a falhar',
    intro:
      'O webhook {url} da sua frota falhou 5 vezes seguidas (desde {since}, UTC): o VFM espaça as tentativas, de um minuto a uma hora, até que responda.',
    action: 'Abrir os webhooks',
    after:
      'Corrija o recetor; um evento de teste ou uma nova entrega verifica-o de imediato. Após 24 horas de falhas, o webhook é desativado.',
  },
  pl: {
    subject: 'Webhook VFM wstrzymany: jego odbiorca zawodzi',
    intro:
      'Webhook {url} Twojej floty zawiódł 5 razy z rzędu (od {since}, UTC): VFM rozkłada próby od minuty do godziny, aż odpowie.',
    action: 'Otwórz webhooki',
    after:
      'Napraw odbiorcę; zdarzenie testowe lub ponowna dostawa od razu to sprawdzi. Po 24 godzinach błędów webhook zostanie wyłączony.',
  },
  fi: {
    subject: 'VFM-webhook tauolla: sen vastaanottaja epäonnistuu',
    intro:
      'Kalustosi webhook {url} epäonnistui 5 kertaa peräkkäin ({since} alkaen, UTC): VFM harventaa yrityksiä minuutista tuntiin, kunnes se vastaa.',
    action: 'Avaa webhookit',
    after:
      'Korjaa vastaanottaja; testitapahtuma tai uudelleentoimitus tarkistaa sen heti. 24 tunnin virheiden jälkeen webhook poistetaan käytöstä.',
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
  /** its breaker opened: paused, not disabled (ADR 0118) */
  paused?: boolean;
}

export function webhookDisabledMail(input: WebhookDisabledMailInput): MailMessage {
  const language: Language = isLanguage(input.language) ? input.language : 'fr';
  const texts = (input.paused ? PAUSED_TEXTS : TEXTS)[language];
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
  return layoutMessage(input.to, layout);
}

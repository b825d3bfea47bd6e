// The unsubscribe page's words (docs/notifications.md) in the 11 languages of SPEC §3; {rule}: its name.
import type { Language } from '@vfm/contract';

interface UnsubscribePageTexts {
  title: string;
  question: string;
  button: string;
  done: string;
  doneDetail: string;
  invalid: string;
}

export const UNSUBSCRIBE_PAGE_TEXTS: Record<Language, UnsubscribePageTexts> = {
  fr: {
    title: 'Se désabonner',
    question: 'Ne plus recevoir les e-mails de la règle d’alerte « {rule} » ?',
    button: 'Me désabonner',
    done: 'Vous êtes désabonné',
    doneDetail:
      'Vous ne recevrez plus d’e-mails de cette règle. Les notifications restent dans l’application ; vous pouvez changer vos règles dans Mon compte.',
    invalid: 'Ce lien de désabonnement n’est plus valable.',
  },
  en: {
    title: 'Unsubscribe',
    question: 'Stop the e-mails of the alert rule “{rule}”?',
    button: 'Unsubscribe me',
    done: 'You are unsubscribed',
    doneDetail:
      'You will receive no more e-mails from this rule. Notifications stay in the app; you can change your rules in My account.',
    invalid: 'This unsubscribe link is no longer valid.',
  },
  de: {
    title: 'Abbestellen',
    question: 'Die E-Mails der Alarmregel „{rule}“ abbestellen?',
    button: 'Abbestellen',
    done: 'Sie haben abbestellt',
    doneDetail:
      'Sie erhalten keine E-Mails dieser Regel mehr. Die Benachrichtigungen bleiben in der App; Ihre Regeln ändern Sie unter Mein Konto.',
    invalid: 'Dieser Abmeldelink ist nicht mehr gültig.',
  },
  es: {
    title: 'Cancelar la suscripción',
    question: '¿Dejar de recibir los correos de la regla de alerta «{rule}»?',
    button: 'Cancelar la suscripción',
    done: 'Suscripción cancelada',
    doneDetail: 'Ya no recibirá correos de esta regla. Las notificaciones siguen en la aplicación.',
    invalid: 'Este enlace ya no es válido.',
  },
  it: {
    title: 'Annulla iscrizione',
    question: 'Non ricevere più le e-mail della regola di avviso «{rule}»?',
    button: 'Annulla iscrizione',
    done: 'Iscrizione annullata',
    doneDetail: 'Non riceverai più e-mail da questa regola. Le notifiche restano nell’app.',
    invalid: 'Questo link non è più valido.',
  },
  nl: {
    title: 'Afmelden',
    question: 'Geen e-mails meer van de meldingsregel “{rule}”?',
    button: 'Afmelden',
    done: 'U bent afgemeld',
    doneDetail: 'U ontvangt geen e-mails meer van deze regel. Meldingen blijven in de app.',
    invalid: 'Deze afmeldlink is niet meer geldig.',
  },
  zh: {
    title: '退订',
    question: '不再接收提醒规则“{rule}”的邮件？',
    button: '退订',
    done: '已退订',
    doneDetail: '您将不再收到此规则的邮件。通知仍会显示在应用中。',
    invalid: '此退订链接已失效。',
  },
  cs: {
    title: 'Odhlásit odběr',
    question: 'Přestat dostávat e-maily pravidla upozornění „{rule}“?',
    button: 'Odhlásit odběr',
    done: 'Odběr je odhlášen',
    doneDetail: 'Z tohoto pravidla už nedostanete žádné e-maily. Oznámení zůstávají v aplikaci.',
    invalid: 'Tento odkaz už neplatí.',
  },
  pt: {
    title: 'Cancelar subscrição',
    question: 'Deixar de receber os e-mails da regra de alerta «{rule}»?',
    button: 'Cancelar subscrição',
    done: 'Subscrição cancelada',
    doneDetail: 'Não receberá mais e-mails desta regra. As notificações continuam na aplicação.',
    invalid: 'Esta ligação já não é válida.',
  },
  pl: {
    title: 'Wypisz się',
    question: 'Nie otrzymywać więcej e-maili z reguły powiadomień „{rule}”?',
    button: 'Wypisz mnie',
    done: 'Wypisano',
    doneDetail: 'Nie otrzymasz więcej e-maili z tej reguły. Powiadomienia pozostają w aplikacji.',
    invalid: 'Ten link jest już nieważny.',
  },
  fi: {
    title: 'Peru tilaus',
    question: 'Lopetetaanko hälytyssäännön ”{rule}” sähköpostit?',
    button: 'Peru tilaus',
    done: 'Tilaus peruttu',
    doneDetail: 'Et saa enää sähköposteja tästä säännöstä. Ilmoitukset näkyvät yhä sovelluksessa.',
    invalid: 'Tämä linkki ei ole enää voimassa.',
  },
};

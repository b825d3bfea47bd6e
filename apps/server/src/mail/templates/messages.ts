// Texts of the account e-mails in the 11 languages of SPEC §3 reading B. Placeholders:
// {name}, {email}, {minutes}, {days}. Plain text: the layout escapes them for HTML.
import type { Language } from '@vfm/contract';

export interface MailTexts {
  /** greeting when the full name is known / unknown */
  greeting: string;
  greetingNoName: string;
  resetSubject: string;
  resetIntro: string;
  resetAction: string;
  resetValidity: string;
  resetIgnore: string;
  validationSubject: string;
  validationIntro: string;
  validationAction: string;
  validationValidity: string;
  linkFallback: string;
  signature: string;
}

export const MAIL_TEXTS: Record<Language, MailTexts> = {
  fr: {
    greeting: 'Bonjour {name},',
    greetingNoName: 'Bonjour,',
    resetSubject: 'Réinitialisation de votre mot de passe VFM',
    resetIntro:
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte VFM ({email}).',
    resetAction: 'Choisir un nouveau mot de passe',
    resetValidity: 'Ce lien est valable {minutes} minutes et ne peut être utilisé qu’une fois.',
    resetIgnore:
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
    validationSubject: 'Activez votre compte VFM',
    validationIntro:
      'Un compte VFM a été créé pour vous ({email}). Choisissez votre mot de passe pour l’activer.',
    validationAction: 'Activer mon compte',
    validationValidity: 'Ce lien est valable {days} jours et ne peut être utilisé qu’une fois.',
    linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    signature: 'L’équipe VFM',
  },
  en: {
    greeting: 'Hello {name},',
    greetingNoName: 'Hello,',
    resetSubject: 'Reset your VFM password',
    resetIntro: 'We received a request to reset the password of your VFM account ({email}).',
    resetAction: 'Choose a new password',
    resetValidity: 'This link is valid for {minutes} minutes and can be used once.',
    resetIgnore: 'If you did not ask for this, ignore this e-mail: your password stays unchanged.',
    validationSubject: 'Activate your VFM account',
    validationIntro:
      'An account has been created for you on VFM ({email}). Choose your password to activate it.',
    validationAction: 'Activate my account',
    validationValidity: 'This link is valid for {days} days and can be used once.',
    linkFallback: 'If the button does not work, copy this address into your browser:',
    signature: 'The VFM team',
  },
  de: {
    greeting: 'Hallo {name},',
    greetingNoName: 'Hallo,',
    resetSubject: 'Ihr VFM-Passwort zurücksetzen',
    resetIntro:
      'Wir haben eine Anfrage erhalten, das Passwort Ihres VFM-Kontos ({email}) zurückzusetzen.',
    resetAction: 'Neues Passwort wählen',
    resetValidity:
      'Dieser Link ist {minutes} Minuten lang gültig und kann einmal verwendet werden.',
    resetIgnore:
      'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    validationSubject: 'Aktivieren Sie Ihr VFM-Konto',
    validationIntro:
      'Für Sie wurde ein VFM-Konto angelegt ({email}). Wählen Sie Ihr Passwort, um es zu aktivieren.',
    validationAction: 'Mein Konto aktivieren',
    validationValidity: 'Dieser Link ist {days} Tage lang gültig und kann einmal verwendet werden.',
    linkFallback:
      'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    signature: 'Ihr VFM-Team',
  },
  es: {
    greeting: 'Hola, {name}:',
    greetingNoName: 'Hola:',
    resetSubject: 'Restablecer su contraseña de VFM',
    resetIntro:
      'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de VFM ({email}).',
    resetAction: 'Elegir una nueva contraseña',
    resetValidity: 'Este enlace es válido durante {minutes} minutos y solo puede usarse una vez.',
    resetIgnore:
      'Si no ha solicitado este cambio, ignore este correo: su contraseña no se modificará.',
    validationSubject: 'Active su cuenta de VFM',
    validationIntro:
      'Se ha creado una cuenta de VFM para usted ({email}). Elija su contraseña para activarla.',
    validationAction: 'Activar mi cuenta',
    validationValidity: 'Este enlace es válido durante {days} días y solo puede usarse una vez.',
    linkFallback: 'Si el botón no funciona, copie esta dirección en su navegador:',
    signature: 'El equipo de VFM',
  },
  it: {
    greeting: 'Buongiorno {name},',
    greetingNoName: 'Buongiorno,',
    resetSubject: 'Reimposta la password di VFM',
    resetIntro:
      'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account VFM ({email}).',
    resetAction: 'Scegli una nuova password',
    resetValidity: 'Questo link è valido per {minutes} minuti e può essere usato una sola volta.',
    resetIgnore:
      'Se non hai fatto tu questa richiesta, ignora questa e-mail: la tua password resta invariata.',
    validationSubject: 'Attiva il tuo account VFM',
    validationIntro:
      'È stato creato per te un account VFM ({email}). Scegli la tua password per attivarlo.',
    validationAction: 'Attiva il mio account',
    validationValidity: 'Questo link è valido per {days} giorni e può essere usato una sola volta.',
    linkFallback: 'Se il pulsante non funziona, copia questo indirizzo nel browser:',
    signature: 'Il team VFM',
  },
  nl: {
    greeting: 'Hallo {name},',
    greetingNoName: 'Hallo,',
    resetSubject: 'Uw VFM-wachtwoord opnieuw instellen',
    resetIntro:
      'We hebben een verzoek ontvangen om het wachtwoord van uw VFM-account ({email}) opnieuw in te stellen.',
    resetAction: 'Nieuw wachtwoord kiezen',
    resetValidity: 'Deze link is {minutes} minuten geldig en kan één keer worden gebruikt.',
    resetIgnore:
      'Hebt u dit niet aangevraagd? Negeer dan deze e-mail: uw wachtwoord blijft ongewijzigd.',
    validationSubject: 'Activeer uw VFM-account',
    validationIntro:
      'Er is een VFM-account voor u aangemaakt ({email}). Kies uw wachtwoord om het te activeren.',
    validationAction: 'Mijn account activeren',
    validationValidity: 'Deze link is {days} dagen geldig en kan één keer worden gebruikt.',
    linkFallback: 'Werkt de knop niet? Kopieer dan dit adres naar uw browser:',
    signature: 'Het VFM-team',
  },
  zh: {
    greeting: '{name}，您好：',
    greetingNoName: '您好：',
    resetSubject: '重置您的 VFM 密码',
    resetIntro: '我们收到了重置您的 VFM 账户（{email}）密码的请求。',
    resetAction: '设置新密码',
    resetValidity: '此链接在 {minutes} 分钟内有效，且只能使用一次。',
    resetIgnore: '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
    validationSubject: '激活您的 VFM 账户',
    validationIntro: '我们已为您创建了 VFM 账户（{email}）。请设置密码以激活账户。',
    validationAction: '激活我的账户',
    validationValidity: '此链接在 {days} 天内有效，且只能使用一次。',
    linkFallback: '如果按钮无法使用，请将以下地址复制到浏览器中：',
    signature: 'VFM 团队',
  },
  cs: {
    // Czech addresses people in the vocative: a neutral greeting reads better than the name
    greeting: 'Dobrý den,',
    greetingNoName: 'Dobrý den,',
    resetSubject: 'Obnovení hesla k účtu VFM',
    resetIntro: 'Obdrželi jsme žádost o obnovení hesla k vašemu účtu VFM ({email}).',
    resetAction: 'Zvolit nové heslo',
    resetValidity: 'Tento odkaz platí {minutes} minut a lze jej použít pouze jednou.',
    resetIgnore:
      'Pokud jste o obnovení nežádali, tento e-mail ignorujte: vaše heslo zůstane beze změny.',
    validationSubject: 'Aktivujte svůj účet VFM',
    validationIntro: 'Byl pro vás vytvořen účet VFM ({email}). Pro jeho aktivaci si zvolte heslo.',
    validationAction: 'Aktivovat účet',
    validationValidity: 'Tento odkaz platí {days} dní a lze jej použít pouze jednou.',
    linkFallback: 'Pokud tlačítko nefunguje, zkopírujte tuto adresu do prohlížeče:',
    signature: 'Tým VFM',
  },
  pt: {
    greeting: 'Olá {name},',
    greetingNoName: 'Olá,',
    resetSubject: 'Redefinir a sua senha do VFM',
    resetIntro: 'Recebemos um pedido para redefinir a senha da sua conta VFM ({email}).',
    resetAction: 'Escolher uma nova senha',
    resetValidity: 'Este link é válido por {minutes} minutos e só pode ser usado uma vez.',
    resetIgnore: 'Se não fez este pedido, ignore este e-mail: a sua senha não será alterada.',
    validationSubject: 'Ative a sua conta VFM',
    validationIntro:
      'Foi criada uma conta VFM para si ({email}). Escolha a sua senha para a ativar.',
    validationAction: 'Ativar a minha conta',
    validationValidity: 'Este link é válido por {days} dias e só pode ser usado uma vez.',
    linkFallback: 'Se o botão não funcionar, copie este endereço para o seu navegador:',
    signature: 'A equipa VFM',
  },
  pl: {
    // Polish, like Czech, would decline the name: a neutral greeting
    greeting: 'Dzień dobry,',
    greetingNoName: 'Dzień dobry,',
    resetSubject: 'Resetowanie hasła do VFM',
    resetIntro: 'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta VFM ({email}).',
    resetAction: 'Ustaw nowe hasło',
    resetValidity: 'Ten link jest ważny przez {minutes} minut i można go użyć tylko raz.',
    resetIgnore:
      'Jeśli to nie Ty wysłałeś tę prośbę, zignoruj tę wiadomość: Twoje hasło pozostanie bez zmian.',
    validationSubject: 'Aktywuj swoje konto VFM',
    validationIntro: 'Utworzono dla Ciebie konto VFM ({email}). Ustaw hasło, aby je aktywować.',
    validationAction: 'Aktywuj konto',
    validationValidity: 'Ten link jest ważny przez {days} dni i można go użyć tylko raz.',
    linkFallback: 'Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:',
    signature: 'Zespół VFM',
  },
  fi: {
    greeting: 'Hei {name},',
    greetingNoName: 'Hei,',
    resetSubject: 'VFM-salasanan palauttaminen',
    resetIntro: 'Saimme pyynnön palauttaa VFM-tilisi ({email}) salasana.',
    resetAction: 'Valitse uusi salasana',
    resetValidity: 'Linkki on voimassa {minutes} minuuttia, ja sitä voi käyttää vain kerran.',
    resetIgnore: 'Jos et pyytänyt tätä, voit jättää viestin huomiotta: salasanasi pysyy ennallaan.',
    validationSubject: 'Aktivoi VFM-tilisi',
    validationIntro: 'Sinulle on luotu VFM-tili ({email}). Aktivoi se valitsemalla salasana.',
    validationAction: 'Aktivoi tili',
    validationValidity: 'Linkki on voimassa {days} päivää, ja sitä voi käyttää vain kerran.',
    linkFallback: 'Jos painike ei toimi, kopioi tämä osoite selaimeesi:',
    signature: 'VFM-tiimi',
  },
};

// Accept-Language chooses the language of API messages (DESIGN §5, SPEC §8): the problem
// title for every error, and the detail for every known code, in fr and de; English is the
// language of the thrown problems and the fallback for the other languages. Field messages
// of schema validation stay technical English; the detail names the fields.
import type { Language } from '@vfm/contract';
import type { HttpProblem } from './problem';

type Localised = 'fr' | 'de';
type Text = string | ((problem: HttpProblem) => string);

const list = (problem: HttpProblem) => (problem.extra.missing ?? []).slice(0, 20).join(', ');
const fields = (problem: HttpProblem) =>
  [...new Set((problem.extra.errors ?? []).map((e) => e.field))].join(', ');

const TITLES: Record<number, Record<Localised, string>> = {
  400: { fr: 'Requête invalide', de: 'Ungültige Anfrage' },
  401: { fr: 'Non authentifié', de: 'Nicht angemeldet' },
  403: { fr: 'Interdit', de: 'Verboten' },
  404: { fr: 'Introuvable', de: 'Nicht gefunden' },
  405: { fr: 'Méthode non autorisée', de: 'Methode nicht erlaubt' },
  406: { fr: 'Non acceptable', de: 'Nicht akzeptabel' },
  409: { fr: 'Conflit', de: 'Konflikt' },
  410: { fr: 'Plus disponible', de: 'Nicht mehr verfügbar' },
  413: { fr: 'Contenu trop volumineux', de: 'Inhalt zu groß' },
  415: { fr: 'Type de contenu non pris en charge', de: 'Nicht unterstützter Inhaltstyp' },
  422: { fr: 'Contenu impossible à traiter', de: 'Inhalt nicht verarbeitbar' },
  429: { fr: 'Trop de requêtes', de: 'Zu viele Anfragen' },
  431: { fr: 'En-têtes trop volumineux', de: 'Header zu groß' },
  500: { fr: 'Erreur interne du serveur', de: 'Interner Serverfehler' },
  503: { fr: 'Service indisponible', de: 'Dienst nicht verfügbar' },
};

const DETAILS: Record<string, Record<Localised, Text>> = {
  VALIDATION_FAILED: {
    fr: (p) => `Champs invalides : ${fields(p)}.`,
    de: (p) => `Ungültige Felder: ${fields(p)}.`,
  },
  API_KEY_MISSING: {
    fr: "L'en-tête x-api-key est obligatoire.",
    de: 'Der Header x-api-key ist erforderlich.',
  },
  API_KEY_INVALID: {
    fr: "L'en-tête x-api-key n'est pas valide.",
    de: 'Der Header x-api-key ist ungültig.',
  },
  XSRF_TOKEN_MISMATCH: {
    fr: "L'en-tête X-XSRF-TOKEN doit reprendre le cookie XSRF-TOKEN.",
    de: 'Der Header X-XSRF-TOKEN muss das Cookie XSRF-TOKEN wiederholen.',
  },
  UNAUTHORIZED: { fr: 'Une authentification est requise.', de: 'Eine Anmeldung ist erforderlich.' },
  TOKEN_INVALID: {
    fr: "Un jeton d'accès valide est requis.",
    de: 'Ein gültiges Zugriffstoken ist erforderlich.',
  },
  REFRESH_TOKEN_INVALID: {
    fr: "Le jeton de rafraîchissement n'est pas valide.",
    de: 'Das Aktualisierungstoken ist ungültig.',
  },
  FORBIDDEN: {
    fr: "Vous n'êtes pas autorisé à faire cela.",
    de: 'Sie dürfen dies nicht tun.',
  },
  ROLE_MISSING: {
    fr: "Ce compte n'a pas de rôle pour cette application.",
    de: 'Dieses Konto hat keine Rolle für diese Anwendung.',
  },
  ADMIN_ONLY: {
    fr: 'Cet appel est réservé aux administrateurs.',
    de: 'Dieser Aufruf ist Administratoren vorbehalten.',
  },
  INVALID_CREDENTIALS: {
    fr: 'Identifiant ou mot de passe incorrect.',
    de: 'Benutzername oder Passwort falsch.',
  },
  EMAIL_MISMATCH: {
    fr: "Le jeton d'accès appartient à un autre compte.",
    de: 'Das Zugriffstoken gehört zu einem anderen Konto.',
  },
  TOO_MANY_REQUESTS: {
    fr: "Trop d'essais échoués. Réessayez plus tard.",
    de: 'Zu viele fehlgeschlagene Versuche. Versuchen Sie es später erneut.',
  },
  // ADR 0119: how fast a fleet may write zone corners
  ZONE_WRITE_RATE: {
    fr: (p) =>
      `Des zones de ${p.extra.params?.corners} sommets, c'est plus que cette flotte peut écrire maintenant (${p.extra.params?.capacity} sommets par 10 minutes) : réessayez plus tard.`,
    de: (p) =>
      `Zonen mit ${p.extra.params?.corners} Eckpunkten sind mehr, als diese Flotte jetzt schreiben darf (${p.extra.params?.capacity} Eckpunkte pro 10 Minuten): Versuchen Sie es später erneut.`,
  },
  // ADR 0125: the zones' thread
  ZONE_TOO_COMPLEX: {
    fr: 'La vérification de ces zones a pris trop de temps : simplifiez-les ou envoyez-en moins à la fois.',
    de: 'Die Prüfung dieser Zonen hat zu lange gedauert: Vereinfachen Sie sie oder senden Sie weniger auf einmal.',
  },
  ZONE_CHECKS_BUSY: {
    fr: 'Les zones de cette flotte sont déjà en cours de vérification : réessayez une fois enregistrées.',
    de: 'Die Zonen dieser Flotte werden bereits geprüft: Versuchen Sie es erneut, wenn sie gespeichert sind.',
  },
  ZONE_CHECKS_UNAVAILABLE: {
    fr: "Les zones n'ont pas pu être vérifiées : réessayez.",
    de: 'Die Zonen konnten nicht geprüft werden: Versuchen Sie es erneut.',
  },
  TOO_MANY_STREAMS: {
    fr: 'Cette session a déjà trop de flux en direct ouverts : fermez un onglet ou réessayez plus tard.',
    de: 'Diese Sitzung hat bereits zu viele offene Live-Streams: Schließen Sie einen Tab oder versuchen Sie es später erneut.',
  },
  INVALID_TOKEN: {
    fr: 'Le lien est invalide, expiré ou déjà utilisé.',
    de: 'Der Link ist ungültig, abgelaufen oder bereits verwendet.',
  },
  REDIRECT_NOT_ALLOWED: {
    fr: "L'adresse de redirection n'est pas sur une origine autorisée.",
    de: 'Die Weiterleitungsadresse liegt nicht auf einem erlaubten Ursprung.',
  },
  PASSWORD_POLICY: {
    fr: 'Le mot de passe ne respecte pas les règles des mots de passe.',
    de: 'Das Passwort erfüllt die Passwortregeln nicht.',
  },
  SAME_PASSWORD: {
    fr: 'Votre nouveau mot de passe doit être différent du précédent.',
    de: 'Ihr neues Passwort muss sich vom vorherigen unterscheiden.',
  },
  EMAIL_TAKEN: {
    fr: 'Un compte avec cet e-mail existe déjà.',
    de: 'Ein Konto mit dieser E-Mail-Adresse existiert bereits.',
  },
  SELF_DEMOTION: {
    fr: "Un administrateur ne peut pas retirer son propre rôle d'administrateur.",
    de: 'Ein Administrator kann sich die eigene Administratorrolle nicht entziehen.',
  },
  SELF_DELETION: {
    fr: 'Un administrateur ne peut pas supprimer son propre compte.',
    de: 'Ein Administrator kann sein eigenes Konto nicht löschen.',
  },
  NOT_FOUND: {
    fr: (p) => (p.extra.missing?.length ? `Introuvable : ${list(p)}.` : 'Introuvable.'),
    de: (p) => (p.extra.missing?.length ? `Nicht gefunden: ${list(p)}.` : 'Nicht gefunden.'),
  },
  BIKE_NOT_FOUND: {
    fr: (p) => `Vélo(s) inconnu(s) dans votre flotte : ${list(p)}.`,
    de: (p) => `Unbekannte(s) Fahrrad/Fahrräder in Ihrer Flotte: ${list(p)}.`,
  },
  EVENT_NOT_FOUND: {
    fr: 'Événement introuvable dans votre flotte.',
    de: 'Ereignis in Ihrer Flotte nicht gefunden.',
  },
  FLEET_NOT_FOUND: { fr: "Votre flotte n'existe plus.", de: 'Ihre Flotte existiert nicht mehr.' },
  NOT_AN_ALERT: {
    fr: "Cet événement n'est pas une alerte à acquitter.",
    de: 'Dieses Ereignis ist kein zu bestätigender Alarm.',
  },
  NO_MODULE: {
    fr: (p) => `Aucun module IoT n'est associé à : ${list(p)}.`,
    de: (p) => `Kein IoT-Modul ist gekoppelt mit: ${list(p)}.`,
  },
  THEFT_REPORTED: {
    fr: 'Un vol de ce vélo est déjà déclaré.',
    de: 'Ein Diebstahl dieses Fahrrads ist bereits gemeldet.',
  },
  THEFT_NOT_REPORTED: {
    fr: "Aucun vol de ce vélo n'est déclaré.",
    de: 'Für dieses Fahrrad ist kein Diebstahl gemeldet.',
  },
  STILL_QUARANTINED: {
    fr: 'Ce message ne peut toujours pas être enregistré ; il reste en quarantaine.',
    de: 'Diese Nachricht kann weiterhin nicht gespeichert werden; sie bleibt in Quarantäne.',
  },
  // ADR 0120: never another fleet's name
  QUARANTINE_MODULE_MOVED: {
    fr: (p) => {
      const { moduleId, to, vehicleNumber } = p.extra.params ?? {};
      const where =
        to === 'fleet'
          ? 'a rejoint une autre flotte'
          : to === 'bike'
            ? `est maintenant sur le vélo ${vehicleNumber}`
            : "n'est plus sur aucun vélo";
      return `Le module ${moduleId} ${where} depuis la mise en quarantaine de ce message : rien n'a été enregistré ; supprimez le message.`;
    },
    de: (p) => {
      const { moduleId, to, vehicleNumber } = p.extra.params ?? {};
      const where =
        to === 'fleet'
          ? 'ist in eine andere Flotte gewechselt'
          : to === 'bike'
            ? `ist jetzt am Fahrrad ${vehicleNumber}`
            : 'ist an keinem Fahrrad mehr';
      return `Das Modul ${moduleId} ${where}, seit diese Nachricht in Quarantäne kam: Nichts wurde gespeichert; löschen Sie die Nachricht.`;
    },
  },
  CONFLICT: {
    fr: "Cette opération entre en conflit avec l'état actuel.",
    de: 'Dieser Vorgang steht im Konflikt mit dem aktuellen Zustand.',
  },
  INVALID_DATA: {
    fr: 'Une valeur est mal formée ou hors limites.',
    de: 'Ein Wert ist fehlerhaft oder außerhalb des Bereichs.',
  },
  HEADERS_TOO_LARGE: {
    fr: 'La ligne de requête ou les en-têtes sont trop volumineux : envoyez les longues listes en plusieurs appels.',
    de: 'Anfragezeile oder Header sind zu groß: senden Sie lange Listen in mehreren Aufrufen.',
  },
  // trip and track export (docs/manager-tools.md)
  TRIP_NOT_FOUND: {
    fr: "Ce vélo n'a pas de trajet commençant à cette heure.",
    de: 'Dieses Fahrrad hat keine Fahrt, die zu dieser Zeit beginnt.',
  },
  // shared positions (docs/manager-tools.md)
  SHARE_NOT_FOUND: { fr: "Ce lien n'existe pas.", de: 'Diesen Link gibt es nicht.' },
  SHARE_EXPIRED: { fr: 'Ce lien a expiré.', de: 'Dieser Link ist abgelaufen.' },
  SHARE_REVOKED: { fr: 'Ce lien a été révoqué.', de: 'Dieser Link wurde widerrufen.' },
  SHARES_FORBIDDEN: {
    fr: 'Seuls les gestionnaires de la flotte peuvent partager une position.',
    de: 'Nur die Verwalter der Flotte dürfen eine Position teilen.',
  },
  INTERNAL_ERROR: {
    fr: "Une erreur inattendue s'est produite.",
    de: 'Ein unerwarteter Fehler ist aufgetreten.',
  },
  // ---- webhooks (docs/webhooks.md) ----
  WEBHOOK_URL_REFUSED: {
    fr: (p) => `L’URL du webhook est refusée : ${webhookUrlReason(p, 'fr')}.`,
    de: (p) => `Die Webhook-URL wird abgelehnt: ${webhookUrlReason(p, 'de')}.`,
  },
  WEBHOOK_NOT_FOUND: {
    fr: "Ce webhook n'existe pas dans votre flotte.",
    de: 'Dieser Webhook existiert in Ihrer Flotte nicht.',
  },
  WEBHOOK_DELIVERY_NOT_FOUND: {
    fr: "Cette livraison n'existe pas pour ce webhook.",
    de: 'Diese Zustellung gibt es für diesen Webhook nicht.',
  },
  WEBHOOK_DELIVERY_PENDING: {
    fr: 'Une tentative est encore prévue pour cette livraison : attendez-la.',
    de: 'Für diese Zustellung steht noch ein Versuch aus: warten Sie ihn ab.',
  },
  TOO_MANY_WEBHOOKS: {
    fr: 'Une flotte a au plus 20 webhooks.',
    de: 'Eine Flotte hat höchstens 20 Webhooks.',
  },
};

const ADDRESS_KINDS: Record<string, Record<Localised, string>> = {
  loopback: { fr: 'de bouclage', de: 'Loopback-' },
  private: { fr: 'privée', de: 'private' },
  'link-local': { fr: 'lien-local', de: 'Link-Local-' },
  cgnat: { fr: 'CGNAT', de: 'CGNAT-' },
  metadata: { fr: 'de métadonnées (cloud)', de: 'Cloud-Metadaten-' },
  unspecified: { fr: 'non spécifiée', de: 'unspezifizierte' },
  multicast: { fr: 'multicast', de: 'Multicast-' },
  reserved: { fr: 'réservée', de: 'reservierte' },
};

/** The reason of a refused webhook URL (http-delivery.ts `urlProblem`) in fr or de. */
function webhookUrlReason(problem: HttpProblem, language: Localised): string {
  const reason = problem.extra.errors?.[0]?.message ?? '';
  const address = /^must not point to a (\S+) address$/.exec(reason)?.[1];
  if (address) {
    const kind = ADDRESS_KINDS[address]?.[language] ?? address;
    return language === 'fr'
      ? `elle ne doit pas viser une adresse ${kind}`
      : `sie darf nicht auf eine ${kind}${kind.endsWith('-') ? '' : ' '}Adresse zeigen`;
  }
  const texts: Record<string, Record<Localised, string>> = {
    'is not a valid URL': { fr: "ce n'est pas une URL valide", de: 'keine gültige URL' },
    'must use https': { fr: 'elle doit utiliser https', de: 'sie muss https verwenden' },
    'must not carry a user name or password': {
      fr: "elle ne doit contenir ni nom d'utilisateur ni mot de passe",
      de: 'sie darf weder Benutzername noch Passwort enthalten',
    },
    'must not have a fragment': {
      fr: 'elle ne doit pas avoir de fragment (#)',
      de: 'sie darf kein Fragment (#) haben',
    },
    'must not point to a local name': {
      fr: 'elle ne doit pas viser un nom local',
      de: 'sie darf nicht auf einen lokalen Namen zeigen',
    },
  };
  return texts[reason]?.[language] ?? reason;
}

/** Title and detail of a problem in the caller's language (English when not translated). */
export function localiseProblem(
  problem: HttpProblem,
  language: Language,
): { title: string; detail: string | undefined; language: Language } {
  if (language !== 'fr' && language !== 'de') {
    return { title: problem.title, detail: problem.detail, language: 'en' };
  }
  const text = DETAILS[problem.code]?.[language];
  return {
    title: TITLES[problem.status]?.[language] ?? problem.title,
    detail: text === undefined ? problem.detail : typeof text === 'string' ? text : text(problem),
    language,
  };
}

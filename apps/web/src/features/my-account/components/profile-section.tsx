// My account — profile: photo (uploaded as a data URL, shown from accounts/{id}/photo), full
// name, description, and the phone number the SMS notifications go to (E.164, ADR 0124; empty
// removes it).
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, Trash2 } from 'lucide-react';
import { PHONE_PATTERN, type Me, type MeUpdate } from '@vfm/contract';
import { FIELD_MAX_LENGTH } from '@vfm/contract/constants';
import { useAccountPhoto } from '../../../account/get-account-photo';
import { Avatar } from '../../../ui/avatar/avatar';
import { Button } from '../../../ui/button/button';
import { TextField } from '../../../ui/field/text-field';
import { fieldErrorMessage } from '../../../ui/forms/field-error-message';
import { validateName } from '../../../ui/forms/validators';
import { InlineAlert } from '../../../ui/alert/inline-alert';
import { Panel } from '../../../ui/page/page';
import { useToast } from '../../../ui/toast/toast-context';
import { useUpdateMe } from '../api/update-me';
import { isAcceptedPicture, pictureToDataUrl } from './photo';
import styles from './my-account.module.css';

export function ProfileSection({ me }: { me: Me }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateMe();
  const fileInput = useRef<HTMLInputElement>(null);
  const photoHintId = useId();
  const [fullName, setFullName] = useState(me.fullName);
  const [description, setDescription] = useState(me.description);
  const [phone, setPhone] = useState(me.phone ?? '');
  const currentPhoto = useAccountPhoto(me.id, me.photoVersion);
  /** a new photo (data URL) or null to remove it; undefined: the current one is kept */
  const [newPhoto, setNewPhoto] = useState<string | null | undefined>(undefined);
  const photo = newPhoto === undefined ? currentPhoto : newPhoto;
  const [photoError, setPhotoError] = useState(false);
  const [saveError, setSaveError] = useState(false);

  const nameError = validateName(fullName.trim(), FIELD_MAX_LENGTH);
  // spaces, dots and dashes as people write numbers; E.164 once they are gone
  const phoneValue = phone.replace(/[\s.()-]/g, '');
  const phoneInvalid = phoneValue !== '' && !new RegExp(PHONE_PATTERN).test(phoneValue);
  const changes: MeUpdate = {};
  if ((phoneValue || null) !== (me.phone ?? null)) changes.phone = phoneValue || null;
  if (fullName.trim() !== me.fullName) changes.fullName = fullName.trim();
  if (description.trim() !== me.description) changes.description = description.trim();
  if (newPhoto !== undefined && (newPhoto !== null || me.photoVersion)) changes.photo = newPhoto;
  const modified = Object.keys(changes).length > 0;

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedPicture(file)) {
      setPhotoError(true);
      return;
    }
    try {
      setNewPhoto(await pictureToDataUrl(file));
      setPhotoError(false);
    } catch {
      setPhotoError(true);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nameError || phoneInvalid || !modified || update.isPending) return;
    setSaveError(false);
    update.mutate(changes, {
      onSuccess: () => {
        // the saved photo is the profile's now (its new version)
        setNewPhoto(undefined);
        toast.show({ type: 'success', message: t('myAccount.profile.saved') });
      },
      onError: () => setSaveError(true),
    });
  };

  return (
    <Panel id="profile" title={t('myAccount.profile.title')} intro={t('myAccount.profile.intro')}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.photoRow}>
          <Avatar photo={photo} fullName={fullName || me.email} size={88} />
          <div className={styles.photoActions}>
            <p className={styles.photoLabel}>{t('myAccount.profile.photo')}</p>
            <div className={styles.buttons}>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => fileInput.current?.click()}
                aria-describedby={photoHintId}
              >
                <Camera size={16} aria-hidden="true" />
                {t('myAccount.profile.changePhoto')}
              </Button>
              {photo && (
                <Button variant="ghost" size="sm" onClick={() => setNewPhoto(null)}>
                  <Trash2 size={16} aria-hidden="true" />
                  {t('myAccount.profile.removePhoto')}
                </Button>
              )}
            </div>
            <p id={photoHintId} className={styles.hint}>
              PNG, JPEG, WebP
            </p>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              hidden
              onChange={(event) => void choosePhoto(event)}
              data-testid="photo-input"
            />
          </div>
        </div>
        {photoError && <InlineAlert>{t('myAccount.profile.photoInvalid')}</InlineAlert>}
        <div className={styles.grid}>
          <TextField
            label={t('myAccount.profile.fullName')}
            name="fullName"
            autoComplete="name"
            required
            maxLength={FIELD_MAX_LENGTH}
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
            error={fieldErrorMessage(t, fullName === me.fullName ? null : nameError)}
          />
          <TextField label={t('myAccount.profile.email')} value={me.email} readOnly name="email" />
        </div>
        <TextField
          label={t('myAccount.profile.description')}
          name="description"
          maxLength={FIELD_MAX_LENGTH}
          hint={t('myAccount.profile.descriptionHint')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <TextField
          label={t('myAccount.profile.phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={24}
          hint={t('myAccount.profile.phoneHint')}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          error={phoneInvalid ? t('myAccount.profile.phoneInvalid') : undefined}
        />
        {saveError && <InlineAlert>{t('errors.generic')}</InlineAlert>}
        <div className={styles.footer}>
          <Button
            type="submit"
            busy={update.isPending}
            disabled={Boolean(nameError) || phoneInvalid || !modified}
          >
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

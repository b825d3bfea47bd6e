import styles from './avatar.module.css';

/** SPEC §2: the photo, or else the first letter of the full name in capitals. */
export function initialOf(fullName: string | null | undefined): string {
  const first = [...(fullName ?? '').trim()][0];
  return first ? first.toLocaleUpperCase() : '?';
}

export function Avatar({
  photo,
  fullName,
  size = 40,
}: {
  photo?: string | null;
  fullName?: string | null;
  size?: number;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (photo) {
    return <img className={styles.avatar} src={photo} alt="" style={style} />;
  }
  return (
    <span className={`${styles.avatar} ${styles.initial}`} style={style} aria-hidden="true">
      {initialOf(fullName)}
    </span>
  );
}

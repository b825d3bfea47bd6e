// SPEC §2 global bike search: Enter searches, Escape clears; ignored when the text is empty or
// while a search is loading. One match opens the bike and clears the box; several or none
// show a message.
import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { isApiError } from '../api/api-error';
import { useServices } from '../services/services';
import { IconButton } from '../ui/icon-button/icon-button';
import { Spinner } from '../ui/spinner/spinner';
import { useToast } from '../ui/toast/toast-context';
import { findBikes } from './api/find-bikes';
import styles from './global-search.module.css';
import { bikePath } from '../bike/bike-path';

export function GlobalSearch() {
  const { t } = useTranslation();
  const { http } = useServices();
  const toast = useToast();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const search = async () => {
    const query = text.trim();
    if (!query || loading) return;
    setLoading(true);
    try {
      const { vehicleNumbers } = await findBikes(http, query);
      const [only] = vehicleNumbers;
      if (vehicleNumbers.length === 1 && only !== undefined) {
        setText('');
        await navigate(bikePath(only));
      } else if (vehicleNumbers.length > 1) {
        toast.show({ type: 'warning', message: t('shell.search.several') });
      } else {
        toast.show({ type: 'warning', message: t('shell.search.notFound') });
      }
    } catch (error) {
      if (isApiError(error, 404))
        toast.show({ type: 'warning', message: t('shell.search.notFound') });
      else toast.show({ type: 'error', message: t('errors.generic') });
    } finally {
      setLoading(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setText('');
    }
  };

  return (
    <div className={styles.search} role="search">
      <Search className={styles.icon} size={18} aria-hidden="true" />
      <input
        ref={inputRef}
        type="search"
        className={styles.input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('shell.search.placeholder')}
        aria-label={t('shell.search.label')}
        aria-busy={loading || undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
      />
      {loading && <Spinner className={styles.spinner} />}
      {text && !loading && (
        <IconButton
          size="sm"
          className={styles.clear}
          onClick={() => {
            setText('');
            inputRef.current?.focus();
          }}
          label={t('shell.search.clear')}
        >
          <X size={16} aria-hidden="true" />
        </IconButton>
      )}
    </div>
  );
}

// What a cluster that never splits (bikes at one station) shows in its popup: its bikes, each a
// way to the bike's page.
import { useTranslation } from 'react-i18next';
import styles from '../fleet-map.module.css';

export interface ClusterListProps {
  vehicleNumbers: string[];
  onOpenBike(vehicleNumber: string): void;
}

export function ClusterList({ vehicleNumbers, onOpenBike }: ClusterListProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.clusterList}>
      <p>{t('map.cluster.title', { count: vehicleNumbers.length })}</p>
      <ul>
        {vehicleNumbers.map((vehicleNumber) => (
          <li key={vehicleNumber}>
            <button type="button" onClick={() => onOpenBike(vehicleNumber)}>
              {vehicleNumber}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

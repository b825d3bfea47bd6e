import { APP_VERSION } from '@vfm/contract/constants';

// Placeholder shell until the web issue builds the real one.
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: '2rem' }}>
      <h1>VFM</h1>
      <p>Fleet manager for electric bikes — version {APP_VERSION}</p>
    </main>
  );
}

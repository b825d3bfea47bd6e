import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './ui/styles/global.css';
import { App } from './app/app';
import { BootFailure } from './app/boot-failure';
import { bootstrap } from './app/bootstrap';

const container = document.getElementById('root');
if (!container) throw new Error('no #root element');

void bootstrap().then((result) => {
  if (result.kind === 'redirected') return;
  const root = createRoot(container);
  root.render(
    <StrictMode>
      {result.kind === 'ready' ? (
        <App services={result.services} i18n={result.i18n} router={result.router} />
      ) : (
        <BootFailure i18n={result.i18n} retry={result.retry} />
      )}
    </StrictMode>,
  );
});

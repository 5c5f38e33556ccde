import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadConfig } from './config';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// config.json is optional and bounded by a short timeout; render once it is settled.
loadConfig().finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

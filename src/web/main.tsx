import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render the portal into.');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

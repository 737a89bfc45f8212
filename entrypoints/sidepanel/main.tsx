import '../../lib/zod-setup';
import '../../components/shared/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PanelRoot } from './panel-root';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PanelRoot />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/styles/theme.css';
import '../ui/styles/base.css';
import '../ui/styles/components.css';
import './layout/layout.css';
import { App } from './app';
import { initialiseTheme } from './theme/theme-store';

initialiseTheme();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { store } from './app/store';
import { AppRoutes } from './app/router';
import { theme } from './app/theme';
import { ToastProvider } from './components/toast';
import { PwaHost } from './app/pwa/pwa-host';
import { captureInstallOffer } from './app/pwa/install-event';

captureInstallOffer();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <BrowserRouter>
            <AppRoutes />
            <PwaHost />
          </BrowserRouter>
        </ToastProvider>
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);

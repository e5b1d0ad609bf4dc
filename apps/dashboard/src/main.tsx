import '@mantine/core/styles.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app';
import { startI18n } from './app/i18n/i18n';

const root = document.getElementById('root');
if (root)
  void startI18n().then(() => {
    createRoot(root).render(<App queryClient={createQueryClient()} />);
  });

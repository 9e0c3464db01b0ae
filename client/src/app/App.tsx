import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';
import { RouterProvider } from 'react-router';
import { theme, themeStorageManager } from './theme.ts';
import { ApiProvider } from './ApiProvider.tsx';
import { router } from './routes.tsx';
import layoutClasses from '../features/layout/layout.module.css';

const colorSchemeManager = themeStorageManager();

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <ApiProvider>
        <ModalsProvider>
          <Notifications position="top-center" classNames={{ root: layoutClasses.toasts }} />
          <RouterProvider router={router} />
        </ModalsProvider>
      </ApiProvider>
    </MantineProvider>
  );
}

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { ModalsProvider } from '@mantine/modals';
import { RouterProvider } from 'react-router';
import { theme, themeStorageManager } from './theme.ts';
import { ApiProvider } from './ApiProvider.tsx';
import { router } from './routes.tsx';

const colorSchemeManager = themeStorageManager();

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <ApiProvider>
        <ModalsProvider>
          <Notifications position="top-center" />
          <RouterProvider router={router} />
        </ModalsProvider>
      </ApiProvider>
    </MantineProvider>
  );
}

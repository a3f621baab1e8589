import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { buildTheme } from '../app/theme';

/** Renders with the app's theme; `env="test"` turns off Mantine's transitions and portals. */
export function renderUi(ui: ReactElement) {
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      {ui}
    </MantineProvider>,
  );
}

import { Text } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { brandingOf } from '../branding';
import { useSession } from '../session/context';

export function Footer() {
  const { t } = useTranslation();
  const { env } = useSession();
  return (
    <Text component="footer" size="xs" c="dimmed" ta="center" pt="xl" pb="xs">
      {t('shell.footer', {
        year: new Date().getFullYear(),
        brand: brandingOf(env?.vendor).title,
        version: env?.version ?? '',
      })}
    </Text>
  );
}

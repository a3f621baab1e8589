import type { StoredFile } from '@hallway/shared';
import type { ShopSettingsDto } from '@hallway/shared/shop';
import { Avatar, Text, type TextProps, ThemeIcon } from '@mantine/core';
import { IconAward } from '@tabler/icons-react';
import { useSession } from '../../app/session/context';

/** A number of coins in the person's locale with the currency's short code: "1 250 TH". */
export function useCoins(settings: Pick<ShopSettingsDto, 'coin_short'> | undefined) {
  const { lang } = useSession();
  const format = new Intl.NumberFormat(lang === 'uk' ? 'uk-UA' : lang);
  return (amount: number, signed = false) =>
    `${signed && amount > 0 ? '+' : ''}${format.format(amount)} ${settings?.coin_short ?? ''}`.trim();
}

export function CoinText({ children, ...props }: TextProps & { children: string }) {
  return (
    <Text span fw={700} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} {...props}>
      {children}
    </Text>
  );
}

/** An achievement's picture, or a round award sign in the workspace's colour. */
export function BadgeArt({ pic, name, size = 56 }: { pic: StoredFile | null; name: string; size?: number }) {
  if (pic) return <Avatar src={pic.mini || pic.src} alt="" size={size} radius="xl" />;
  return (
    <ThemeIcon size={size} radius="xl" variant="light" aria-hidden title={name}>
      <IconAward size={size * 0.55} />
    </ThemeIcon>
  );
}

import type { ReactNode } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { SimpleList, type RaRecord } from 'react-admin';

/**
 * A list's rows as a table on a wide screen and as a simple list on a phone, where a table's columns
 * would scroll sideways. The phone shows what identifies a row; the rest is one tap away.
 */
export function ResponsiveRows<R extends RaRecord>({
  primary,
  secondary,
  tertiary,
  link = 'show',
  children,
}: {
  primary: (record: R) => ReactNode;
  secondary?: (record: R) => ReactNode;
  tertiary?: (record: R) => ReactNode;
  /** Where a tap leads; false for rows with nothing behind them (the audit log). */
  link?: 'show' | 'edit' | false;
  children: ReactNode;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!phone) return <>{children}</>;
  return (
    <SimpleList<R>
      primaryText={primary}
      secondaryText={secondary}
      tertiaryText={tertiary}
      linkType={link}
    />
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { PageHeader } from '../../../../components/page-header';
import { AccountGate } from './account-gate';
import { AccountBreadcrumbs } from './account-breadcrumbs';

/**
 * A page below an account's own page (money, fund moves, a disbursement, an IRA): shown once the
 * account is known to be the person's (AccountGate), titled, with the title as the last crumb.
 * Its sections read what they show themselves: none waits for the account's profile.
 */
export function AccountSubpage({
  accountId,
  title,
  description,
  children,
}: {
  accountId: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const header = (
    <PageHeader
      title={title}
      // The tab and the history tell one account's page from another's of the same name.
      tabTitle={`${title} · Account ${accountId}`}
      description={description}
      above={<AccountBreadcrumbs accountId={accountId} current={title} />}
    />
  );
  return (
    <AccountGate accountId={accountId} header={header}>
      {header}
      {children}
    </AccountGate>
  );
}

/** Sections side by side on wide screens, one above the other on a phone; each as tall as it needs. */
export function SectionColumns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

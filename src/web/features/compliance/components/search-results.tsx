import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountView } from '../../../../contract/account-views';
import type { EntityView } from '../../../../contract/compliance';
import { paths } from '../../../config/paths';
import { ScrollableTable } from '../../../components/scrollable-table';

const place = (city: string | null, state: string | null) =>
  [city, state].filter(Boolean).join(', ') || '—';
const status = (value: string | null) => value ?? 'not started';

function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollableTable label={label} minWidth={640}>
      {children}
    </ScrollableTable>
  );
}

export function AccountResults({ accounts }: { accounts: AccountView[] }) {
  if (accounts.length === 0)
    return <Typography color="text.secondary">No account matches.</Typography>;
  return (
    <ScrollTable label="Accounts found">
      <TableHead>
        <TableRow>
          <TableCell scope="col">Account</TableCell>
          <TableCell scope="col">ID</TableCell>
          <TableCell scope="col">Place</TableCell>
          <TableCell scope="col">Tax ID</TableCell>
          <TableCell scope="col">KYC</TableCell>
          <TableCell scope="col">AML</TableCell>
          <TableCell scope="col">Approval</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {accounts.map((account) => (
          <TableRow key={account.id} hover>
            <TableCell component="th" scope="row">
              <Link
                component={RouterLink}
                to={paths.app.complianceAccount.getHref(account.id)}
                sx={{ fontWeight: 600 }}
              >
                {account.name ?? account.id}
              </Link>
            </TableCell>
            <TableCell translate="no">{account.id}</TableCell>
            <TableCell>{place(account.address.city, account.address.state)}</TableCell>
            <TableCell translate="no">{account.taxIdMasked ?? '—'}</TableCell>
            <TableCell>{status(account.reviews.kyc.status)}</TableCell>
            <TableCell>{status(account.reviews.aml.status)}</TableCell>
            <TableCell>{status(account.reviews.approval.status)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

export function EntityResults({ entities, q }: { entities: EntityView[]; q: string }) {
  if (entities.length === 0)
    return <Typography color="text.secondary">No entity matches.</Typography>;
  return (
    <ScrollTable label="Entities found">
      <TableHead>
        <TableRow>
          <TableCell scope="col">Entity</TableCell>
          <TableCell scope="col">Party ID</TableCell>
          <TableCell scope="col">Type</TableCell>
          <TableCell scope="col">Place</TableCell>
          <TableCell scope="col">EIN</TableCell>
          <TableCell scope="col">KYC</TableCell>
          <TableCell scope="col">AML</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entities.map((entity) => (
          <TableRow key={entity.id} hover>
            <TableCell component="th" scope="row">
              <Link
                component={RouterLink}
                to={paths.app.complianceEntity.getHref(entity.id, q)}
                sx={{ fontWeight: 600 }}
              >
                {entity.name ?? entity.id}
              </Link>
            </TableCell>
            <TableCell translate="no">{entity.id}</TableCell>
            <TableCell>{entity.type ?? '—'}</TableCell>
            <TableCell>{place(entity.address.city, entity.address.state)}</TableCell>
            <TableCell translate="no">{entity.einMasked ?? '—'}</TableCell>
            <TableCell>{status(entity.reviews.kyc.status)}</TableCell>
            <TableCell>{status(entity.reviews.aml.status)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { LoaderFunctionArgs } from 'react-router-dom';
import type { SavedIssuerAccounts } from '../../../../../contract/issuer-workspace';
import { PageHeader } from '../../../../components/page-header';
import { EmptyState } from '../../../../components/query-state';
import { useSession } from '../../../../features/auth/api/get-session';
import { IssuerAccountFormPanel } from '../../../../features/issuer/components/issuer-account-form';
import { SavedIssuerAccountCard } from '../../../../features/issuer/components/saved-issuer-account';
import { requireSession } from '../../../session-guard';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request, ['issuer_staff']);
    return null;
  };

export default function IssuerAccountRoute() {
  const session = useSession();
  const issuerIds = session.data?.user.issuerIds ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const issuerId = chosen ?? issuerIds[0] ?? null;
  const [saved, setSaved] = useState<SavedIssuerAccounts | null>(null);

  return (
    <>
      <PageHeader
        title="Issuer account"
        description="The financial account details of your issuer, kept by the platform for its records."
      />
      {!issuerId ? (
        <EmptyState
          title="No issuer linked"
          message="Your sign-in is not linked to an issuer. Ask an administrator to link it."
        />
      ) : saved ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="success" role="status">
            The issuer account details were saved.
          </Alert>
          {saved.records.map((record, index) => (
            <SavedIssuerAccountCard key={`${record.issuerId}-${index}`} record={record} />
          ))}
          <Box>
            <Button variant="outlined" onClick={() => setSaved(null)}>
              Enter other details
            </Button>
          </Box>
        </Box>
      ) : (
        <>
          {issuerIds.length > 1 && (
            <TextField
              select
              label="Issuer"
              value={issuerId}
              onChange={(event) => setChosen(event.target.value)}
              slotProps={{ select: { native: true } }}
              sx={{ mb: 3, minWidth: 200 }}
            >
              {issuerIds.map((id) => (
                <option key={id} value={id}>
                  Issuer {id}
                </option>
              ))}
            </TextField>
          )}
          <IssuerAccountFormPanel issuerId={issuerId} onSaved={setSaved} />
        </>
      )}
    </>
  );
}

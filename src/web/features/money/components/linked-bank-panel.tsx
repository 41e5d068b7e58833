import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DescriptionList, SectionCard } from '../../../components/description-list';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { useLinkedBank } from '../api/get-linked-bank';
import { useLinkBank } from '../api/link-bank';

/** The bank ACH uses for this account (§4.5), masked; a button to link one when there is none. */
export function LinkedBankPanel({ accountId, canLink }: { accountId: string; canLink: boolean }) {
  const bank = useLinkedBank(accountId);
  const link = useLinkBank(accountId);
  return (
    <SectionCard title="Bank account for ACH">
      <QueryState query={bank} subject="the linked bank account" skeletonLines={2}>
        {(data) =>
          data.state === 'linked' ? (
            <>
              <Typography sx={{ mt: 1 }}>
                ACH disbursements go to, and deposits come from, this bank account.
              </Typography>
              <DescriptionList
                items={[
                  ['Bank', data.bank.bankName ?? 'Not stated'],
                  ['Account holder', data.bank.holderName ?? 'Not stated'],
                  ['Account type', data.bank.accountType ?? 'Not stated'],
                  ['Account number', data.bank.accountNumberMasked ?? 'Not stated'],
                  ['Routing number', data.bank.routingNumberMasked ?? 'Not stated'],
                ]}
              />
            </>
          ) : (
            <>
              <Alert severity="info" sx={{ mt: 1 }}>
                {data.message}
              </Alert>
              {canLink && (
                <Button
                  variant="contained"
                  sx={{ mt: 2 }}
                  onClick={() => link.mutate()}
                  disabled={link.isPending}
                >
                  {link.isPending ? 'Linking…' : 'Link a bank account'}
                </Button>
              )}
              {link.isError && (
                <ErrorAlert error={link.error} title="The bank could not be linked" />
              )}
            </>
          )
        }
      </QueryState>
      {link.isSuccess && link.data.result.state === 'linked' && (
        <Typography role="status" sx={{ mt: 1 }}>
          Bank account linked.
        </Typography>
      )}
    </SectionCard>
  );
}

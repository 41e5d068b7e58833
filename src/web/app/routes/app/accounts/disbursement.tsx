import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../../components/page-header';
import { AccountGate } from '../../../../features/accounts/components/account-gate';
import { DisbursementForm } from '../../../../features/custody/components/disbursement-form';
import { AccountBreadcrumbs } from './account-breadcrumbs';
import { usePortalConfig } from '../../../../features/auth/api/get-portal-config';
import { formatMoney } from '../../../../lib/format';

export default function DisbursementRoute() {
  const { accountId = '' } = useParams();
  const config = usePortalConfig();
  const ceiling = config.data?.disbursementMaxAmount;
  return (
    <AccountGate accountId={accountId}>
      {() => (
        <>
          <PageHeader
            title="Request a disbursement"
            description={`Move money out of this custody account by ACH to your linked bank, or by wire. Amounts are in dollars and whole cents, at least $0.01${ceiling ? ` and at most ${formatMoney(ceiling)} per request` : ''}.`}
            above={<AccountBreadcrumbs accountId={accountId} current="Request a disbursement" />}
          />
          <DisbursementForm accountId={accountId} />
        </>
      )}
    </AccountGate>
  );
}

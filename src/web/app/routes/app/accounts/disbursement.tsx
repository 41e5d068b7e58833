import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../../components/page-header';
import { AccountGate } from '../../../../features/accounts/components/account-gate';
import { DisbursementForm } from '../../../../features/custody/components/disbursement-form';
import { AccountBreadcrumbs } from './account-breadcrumbs';

export default function DisbursementRoute() {
  const { accountId = '' } = useParams();
  return (
    <AccountGate accountId={accountId}>
      {() => (
        <>
          <PageHeader
            title="Request a disbursement"
            description="Move money out of this custody account by ACH to your linked bank, or by wire."
            above={<AccountBreadcrumbs accountId={accountId} current="Request a disbursement" />}
          />
          <DisbursementForm accountId={accountId} />
        </>
      )}
    </AccountGate>
  );
}

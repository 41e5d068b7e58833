import {
  fundMoveBankIdLabel,
  fundMoveDirectionLabel,
  fundMoveTitle,
  type FundMoveView,
} from '../../../../contract/custody-views';
import { Code, DescriptionList, SectionCard } from '../../../components/description-list';
import { ourReferenceRow } from '../../../components/form/submitted-result';
import { paths } from '../../../config/paths';
import { formatCode, formatTimestamp, formatMoney } from '../../../lib/format';
import { FundMoveStatus } from './fund-move-status';

const stamp = (value: string | null) => (value ? formatTimestamp(value) : 'Not recorded');

/**
 * A bank detail the platform's record of the move leaves empty (§2.9: bankName nullable,
 * accountNumber and accountName may be empty). Said as where it is missing from: the portal's
 * review named the linked bank, and the money requests register keeps no bank of its own.
 */
const NOT_IN_MOVE = "Not in the platform's record of this move";

export function FundMoveDetails({ move }: { move: FundMoveView }) {
  const bankId = fundMoveBankIdLabel(move.bankIdKind);
  return (
    <SectionCard title="Fund move">
      <DescriptionList
        items={[
          ['Amount', formatMoney(move.amount)],
          ['What', fundMoveTitle(move)],
          ['Direction', fundMoveDirectionLabel(move.direction)],
          ['Description', move.description || 'No description'],
          ['Reference', <Code key="ref" value={move.referenceNumber} />],
          ...ourReference(move),
          ['Status and approval', <FundMoveStatus key="status" move={move} detailed />],
          ['Errors', move.errorMessage ?? 'None'],
          ['Bank', move.bankName ?? NOT_IN_MOVE],
          ['Bank account', move.bankAccountNumberMasked ?? NOT_IN_MOVE],
          [bankId, move.routingNumberMasked ?? NOT_IN_MOVE],
          ['Account holder', move.bankAccountName ?? NOT_IN_MOVE],
          [
            // §2.9's routingNumberStatus: the platform's check of that same number.
            `${bankId} check`,
            move.routingNumberStatus ? formatCode(move.routingNumberStatus) : 'Not reported',
          ],
          ['Created', stamp(move.createdAt)],
          ['Updated', stamp(move.updatedAt)],
        ]}
      />
    </SectionCard>
  );
}

/**
 * A move the portal asked for carries our reference in its description (§2.9): the request
 * itself, with what the platform may leave out here (a deposit's bank: §2.9 bankName may be
 * null), is listed under it on the account's money page.
 */
function ourReference(move: FundMoveView) {
  const row = ourReferenceRow(move.portalReference, {
    to: paths.app.accountMoney.getHref(move.accountId),
    label: 'the request on the account’s money page',
  });
  return row ? [row] : [];
}

import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  fundMoveDirectionLabel,
  fundMoveTitle,
  type FundMoveView,
} from '../../../../contract/custody-views';
import { CardList } from '../../../components/card-list';
import { Code } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { formatTimestamp, formatMoney } from '../../../lib/format';
import { FundMoveStatus } from './fund-move-status';

/**
 * Fund moves newest first, as cards that fit a 375 px screen. Each card is headed by its amount
 * at the level under the page's title (h2): the list stands directly under the page's h1, and a
 * heading that skipped a level left screen-reader heading navigation a step with nothing in it.
 */
export function FundMoveList({ accountId, moves }: { accountId: string; moves: FundMoveView[] }) {
  return (
    <CardList
      label="Fund moves"
      items={moves}
      itemKey={(move) => move.referenceNumber}
      cardSx={{ display: 'grid', gap: 1 }}
    >
      {(move) => (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
            <Typography component="h2" variant="h3" sx={{ fontSize: '1.125rem', m: 0 }}>
              {formatMoney(move.amount)}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {move.createdAt ? formatTimestamp(move.createdAt) : 'Date not recorded'}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 600 }}>{fundMoveTitle(move)}</Typography>
          <Typography variant="body2">
            Direction: {fundMoveDirectionLabel(move.direction)}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {move.description || 'No description'}
          </Typography>
          <FundMoveStatus move={move} />
          {move.errorMessage && (
            <Typography variant="body2" color="error">
              Error reported: {move.errorMessage}
            </Typography>
          )}
          <Typography variant="body2">
            Reference <Code value={move.referenceNumber} />
            {move.bankAccountNumberMasked && <> · Bank account {move.bankAccountNumberMasked}</>}
            {' · '}
            <Link
              component={RouterLink}
              to={paths.app.fundMove.getHref(accountId, move.referenceNumber)}
              className="tap-area"
            >
              Details<span className="visually-hidden"> of fund move {move.referenceNumber}</span>
            </Link>
          </Typography>
        </>
      )}
    </CardList>
  );
}
